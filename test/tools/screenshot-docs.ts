// npm run docs:screenshot [-- out.png]: builds the reference, serves it, and saves
// a full-page screenshot taken in headless Chromium, for people to look at.
import { execFileSync } from 'node:child_process';
import { launchChromium } from '../helpers/browser.js';
import { startService } from '../helpers/service.js';

const out = process.argv[2] ?? 'docs-screenshot.png';
execFileSync('npm', ['run', '--silent', 'build:docs'], { stdio: 'inherit' });
const service = await startService();
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(`${service.url}/docs`, { waitUntil: 'load' });
  await page.locator('h2', { hasText: 'Creates a stream' }).first().waitFor({ timeout: 30_000 });
  await page.screenshot({ path: out, fullPage: false });
  console.log(`Saved ${out}`);
} finally {
  await browser.close();
  await service.close();
}

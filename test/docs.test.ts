import { execFileSync } from 'node:child_process';
import { expect } from 'chai';
import { loadSpec } from '../src/contract/spec.js';
import { CHROMIUM, launchChromium } from './helpers/browser.js';
import { call } from './helpers/client.js';
import { startService, type Service } from './helpers/service.js';

const summaries = Object.values(loadSpec().paths).flatMap((item) =>
  Object.values(item).map((operation) => (operation as { summary?: string }).summary).filter((s): s is string => Boolean(s)));

describe('the rendered reference (GET /docs, GET /openapi.yaml)', function () {
  this.timeout(120_000);
  let service: Service;
  before(async () => {
    execFileSync('npm', ['run', '--silent', 'build:docs'], { stdio: 'ignore' }); // in step with openapi.yaml
    service = await startService();
  });
  after(async () => { await service.close(); });

  it('when /openapi.yaml is fetched, then it is the bundled contract with the examples inlined', async () => {
    const reply = await call(service, 'GET', '/openapi.yaml');
    expect(reply.status).to.equal(200);
    expect(reply.headers.get('content-type')).to.match(/^application\/yaml/);
    expect(reply.body).to.match(/^openapi: 3\.0\.3/).and.contain('StreamsController_create').and.not.contain('mocks/examples/');
  });

  it(`when /docs is opened in headless Chromium, then all ${summaries.length} operation summaries are on the page`, async function () {
    if (!CHROMIUM) this.skip(); // .ci/run installs Debian's chromium; locally: apt-get install chromium
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const response = await page.goto(`${service.url}/docs`, { waitUntil: 'load' });
      expect(response?.status()).to.equal(200);
      // Redoc renders after load: wait until the visible text holds the summaries (or time out and report).
      await page.waitForFunction((expected) => {
        const { document } = globalThis as unknown as { document: { body: { innerText: string } } };
        return expected.every((summary) => document.body.innerText.includes(summary));
      }, summaries, { timeout: 30_000 }).catch(() => {});
      const text = await page.locator('body').innerText();
      for (const summary of summaries) expect(text, summary).to.contain(summary);
      expect(text).to.contain('Collaboration Service API');
    } finally {
      await browser.close();
    }
  });
});

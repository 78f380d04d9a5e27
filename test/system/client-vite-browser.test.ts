import { expect } from 'chai';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { operations } from '../../generated/client/msw.js';
import { loadConfig } from '../../src/config/load-config.js';
import { CHROMIUM, launchChromium } from '../helpers/browser.js';
import { readExample } from '../helpers/client-examples.js';
import { run } from '../helpers/client-package.js';
import { registryMissing, viteApp } from '../helpers/client-vite-app.js';
import { needs } from '../helpers/needs.js';
import { startPrism } from '../helpers/prism.js';
import { startSandbox } from '../helpers/sandbox.js';
import { startService, type Service } from '../helpers/service.js';
import { serveFolder, type StaticPage } from '../helpers/static-page.js';

describe("the scratch Vite app's first typed calls, built and opened in headless Chromium: the mock, the sandbox and the service", function () {
  this.timeout(600_000);
  let page: StaticPage;
  let browser: Browser;
  const backends: Record<'mock' | 'sandbox' | 'service', Service> = {} as never;
  before(async function () {
    needs(this, CHROMIUM ? undefined : "Debian's chromium (apt-get install chromium)");
    needs(this, await registryMissing());
    const app = await viteApp();
    await run('npm', ['run', 'build'], app); // tsc && vite build: the template's strict settings
    page = await serveFolder(join(app, 'dist'));
    [backends.mock, backends.sandbox, backends.service] = await Promise.all([
      startPrism('mock'),
      startSandbox(),
      startService({ corsOrigins: loadConfig({}).corsOrigins }), // as make run: pages of 127.0.0.1 and localhost
    ]);
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await Promise.all([page?.close(), ...Object.values(backends).map((backend) => backend?.close())]);
  });

  for (const name of ['mock', 'sandbox', 'service'] as const) {
    it(`when the page is pointed at the ${name} (?api=), then it creates a stream, reads it back, pages the devices and reads a typed 404`, async () => {
      const tab = await browser.newPage();
      await tab.goto(`${page.origin}/?api=${encodeURIComponent(backends[name].url)}`);
      const app = await tab.waitForSelector('#app[data-seen], #app[data-failed]');
      const [seen, failed] = [await app.getAttribute('data-seen'), await app.getAttribute('data-failed')];
      await tab.close();
      expect(failed, `the page failed against the ${name}`).to.equal(null);
      const example = await readExample('stream-created');
      // The mock answers its examples (a 200 for the create: a known difference, one page of the example's devices).
      const expected = {
        mock: {
          created: 201,
          title: example.title,
          devices: (await readExample('device-list')).items.length,
          texts: 9,
        },
        sandbox: { created: 201, title: 'From Vite', devices: 2, texts: 0 }, // the seed's two devices
        service: { created: 201, title: 'From Vite', devices: 0, texts: 0 },
      }[name];
      expect(JSON.parse(seen!)).to.deep.equal({ ...expected, missing: 404, handlers: operations.length });
    });
  }
});

import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { loadConfig } from '../../src/config/load-config.js';
import { DEFAULT_LIMITS } from '../../src/config/limits.js';
import { CHROMIUM, launchChromium } from '../helpers/browser.js';
import { call } from '../helpers/client.js';
import { aDevice } from '../helpers/factories.js';
import { needs } from '../helpers/needs.js';
import { startPrism } from '../helpers/prism.js';
import { startSandboxProcess } from '../helpers/sandbox.js';
import { startService, type Service } from '../helpers/service.js';
import { serveBlankPage, type StaticPage } from '../helpers/static-page.js';

/** The one configuration: what a front end sends to every backend, the sandbox's session header included. */
const CONFIGURATION = {
  Authorization: 'Bearer any-token', // the mock wants one of any value; the sandbox and the service without auth ignore it
  'X-Sandbox-Session': 'one-configuration',
  'X-Request-Id': 'from-the-page',
  traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
  tracestate: 'collab=1',
};
const DEVICE = aDevice();

/** Run in the page: a stream created with a key, read back conditionally, a list paged, a conditional merge patch, writes until 429. */
async function frontEnd({ api, headers, device }: { api: string; headers: Record<string, string>; device: unknown }) {
  const names = ['etag', 'location', 'link', 'retry-after', 'ratelimit', 'ratelimit-policy', 'x-request-id'];
  const send = async (method: string, path: string, own: Record<string, string> = {}, body?: unknown) => {
    try {
      const response = await fetch(`${api}${path}`, {
        method,
        headers: { ...headers, ...own },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return {
        status: response.status,
        ...Object.fromEntries(names.map((name) => [name, response.headers.get(name)])),
      } as Record<string, string | number | null>;
    } catch (error) {
      return { blocked: String(error) };
    }
  };
  const json = { 'Content-Type': 'application/json' };
  const created = await send(
    'POST',
    '/api/streams',
    { ...json, 'Idempotency-Key': `"${crypto.randomUUID()}"` },
    { title: 'One configuration' },
  );
  const read = await send('GET', String(created.location ?? '/api/streams/x'), { 'If-None-Match': '"not-this-one"' });
  const listed = await send('GET', '/api/notifications/devices?limit=1');
  const patched = await send(
    'PATCH',
    '/api/streams/nav',
    { 'Content-Type': 'application/merge-patch+json', 'If-Match': '*' },
    { sort: 'recent' },
  );
  let limited = await send('PUT', '/api/notifications/devices', { ...json, Prefer: 'code=429' }, device);
  for (let writes = 1; limited.status !== 429 && !('blocked' in limited) && writes < 10; writes++) {
    limited = await send('PUT', '/api/notifications/devices', { ...json, Prefer: 'code=429' }, device);
  }
  return { created, read, listed, patched, limited };
}

describe('one front-end configuration in headless Chromium: the mock, the sandbox and the service', function () {
  this.timeout(120_000);
  const limits = { writesPerWindow: 3 }; // the service's and sandbox's: a few writes, then a real 429 with Retry-After
  let page: StaticPage;
  let browser: Browser;
  const backends: Record<'mock' | 'sandbox' | 'service', Service> = {} as never;
  before(async function () {
    needs(this, CHROMIUM ? undefined : "Debian's chromium (apt-get install chromium)");
    page = await serveBlankPage();
    [backends.mock, backends.sandbox, backends.service] = await Promise.all([
      startPrism('mock'),
      startSandboxProcess({ RATE_LIMIT_WRITES: String(limits.writesPerWindow) }),
      startService({
        corsOrigins: loadConfig({}).corsOrigins,
        limits: { ...DEFAULT_LIMITS, ...limits, writesPerWindow: limits.writesPerWindow + 2 },
      }),
    ]);
    // The service's `local` starts with no devices: two, so a list of one has a next page (the sandbox's seed has two).
    for (let count = 0; count < 2; count++)
      expect((await call(backends.service, 'PUT', '/api/notifications/devices', { body: aDevice() })).status).to.equal(
        201,
      );
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await Promise.all([page?.close(), ...Object.values(backends).map((backend) => backend.close())]);
  });

  for (const name of ['mock', 'sandbox', 'service'] as const) {
    it(`when the page calls the ${name} with it, then every preflight passes and the page reads Location, X-Request-Id, RateLimit, Link and Retry-After`, async () => {
      const tab = await browser.newPage();
      await tab.addInitScript('globalThis.__name = (target) => target'); // tsx names the page function's inner functions with it
      await tab.goto(page.origin);
      const result = await tab.evaluate(frontEnd, { api: backends[name].url, headers: CONFIGURATION, device: DEVICE });
      await tab.close();
      for (const [call, reply] of Object.entries(result))
        expect(reply, `${call} reached the ${name}`).to.not.have.property('blocked');
      const { created, read, listed, patched, limited } = result;
      expect(created)
        .to.include({ status: 201 })
        .and.to.have.property('location')
        .that.matches(/^\/api\/streams\/[0-9a-f-]{36}$/);
      for (const header of ['x-request-id', 'ratelimit', 'ratelimit-policy'])
        expect(created[header], header).to.be.a('string').that.is.not.empty;
      // The mock answers with its examples' X-Request-Id (mocks/reference.md); the others keep the page's.
      if (name !== 'mock')
        expect([created['x-request-id'], read['x-request-id'], patched['x-request-id']]).to.deep.equal(
          Array(3).fill('from-the-page'),
        );
      expect(read.status).to.equal(200);
      // The mock's last page has an empty Link: read as '' (exposed), where a hidden header reads as null.
      if (name === 'mock') expect(listed.link).to.equal('');
      else expect(listed.link).to.match(/<[^>]*cursor=[^>]*>; rel="next"/);
      expect(limited.status).to.equal(429);
      expect(limited['retry-after'], 'Retry-After').to.match(/^\d+$/);
    });
  }
});

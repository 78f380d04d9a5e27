import { expect } from 'chai';
import { SignJWT } from 'jose';
import type { Browser } from 'playwright-core';
import { loadConfig } from '../../src/config/load-config.js';
import { CHROMIUM, launchChromium } from '../helpers/browser.js';
import { call } from '../helpers/client.js';
import { serveBlankPage, type StaticPage } from '../helpers/static-page.js';
import { startService, type Service } from '../helpers/service.js';
import { needs } from '../helpers/needs.js';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const tokenFor = (sub: string) =>
  new SignJWT({ sub })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode(SECRET));

/** What a front end does, run inside the page: create a stream, follow Location, merge-patch navigation. */
async function createAndPin({ api, token }: { api: string; token: string }) {
  const headers = {
    Authorization: `Bearer ${token}`,
    'Content-Type': 'application/json',
    'X-Request-Id': 'from-the-browser',
  };
  const text = { type: 'text', text: 'Hello from the page', style: { bold: true } };
  const content = { blocks: [{ type: 'rich_text', elements: [{ type: 'paragraph', children: [text] }] }] };
  try {
    const created = await fetch(`${api}/api/streams`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: 'Browser', initialMessage: { content } }),
    });
    const location = created.headers.get('Location') ?? '';
    const read = await fetch(`${api}${location}`, { headers });
    const stream = (await read.json()) as { id: string };
    const patched = await fetch(`${api}/api/streams/nav`, {
      method: 'PATCH',
      headers: { ...headers, 'Content-Type': 'application/merge-patch+json' },
      body: JSON.stringify({ pinnedStreamIds: [stream.id], sort: null }),
    });
    return {
      created: created.status,
      location,
      read: read.status,
      id: stream.id,
      patched: patched.status,
      nav: (await patched.json()) as unknown,
    };
  } catch (error) {
    return { blocked: String(error) };
  }
}

describe('CORS in headless Chromium: a page on another origin uses the service', function () {
  this.timeout(120_000);
  let allowed: StaticPage;
  let other: StaticPage;
  let service: Service;
  let browser: Browser;
  before(async function () {
    needs(this, CHROMIUM ? undefined : "Debian's chromium (apt-get install chromium)");
    [allowed, other] = await Promise.all([serveBlankPage(), serveBlankPage()]);
    const { corsOrigins } = loadConfig({ AUTH_JWT_SECRET: SECRET, CORS_ORIGINS: allowed.origin });
    service = await startService({ auth: { secret: SECRET }, corsOrigins });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await Promise.all([service?.close(), allowed?.close(), other?.close()]);
  });

  const runOn = async (page: StaticPage, user: string) => {
    const tab = await browser.newPage();
    try {
      await tab.goto(page.origin);
      return await tab.evaluate(createAndPin, { api: service.url, token: await tokenFor(user) });
    } finally {
      await tab.close();
    }
  };

  it('when the allowed page creates a stream, reads Location and merge-patches navigation with a bearer token, then every call succeeds', async () => {
    const result = await runOn(allowed, 'ann');
    expect(result).to.not.have.property('blocked');
    expect(result).to.include({ created: 201, read: 200, patched: 200 });
    expect(result)
      .to.have.property('location')
      .that.matches(/^\/api\/streams\/[0-9a-f-]{36}$/);
    const { id, nav } = result as { id: string; nav: { pinnedStreamIds: string[] } };
    expect(nav.pinnedStreamIds).to.deep.equal([id]);
    const stored = await call(service, 'GET', '/api/streams/nav', {
      headers: { authorization: `Bearer ${await tokenFor('ann')}` },
    });
    expect(stored.body.pinnedStreamIds).to.deep.equal([id]);
  });

  it('when a page from an origin that is not allowed tries the same, then the browser blocks it and nothing is stored', async () => {
    const result = await runOn(other, 'bob');
    expect(result)
      .to.have.property('blocked')
      .that.matches(/Failed to fetch/);
    const nav = await call(service, 'GET', '/api/streams/nav', {
      headers: { authorization: `Bearer ${await tokenFor('bob')}` },
    });
    expect([nav.status, nav.body.updatedAt], 'no navigation was saved for bob: the defaults').to.deep.equal([
      200,
      '1970-01-01T00:00:00.000Z',
    ]);
  });
});

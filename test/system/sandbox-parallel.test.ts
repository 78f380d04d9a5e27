import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { readContract } from '../../src/contract/declared-responses.js';
import { getExamples } from '../../src/sandbox/seed.js';
import { CHROMIUM, launchChromium } from '../helpers/browser.js';
import { startSandboxProcess } from '../helpers/sandbox.js';
import type { Service } from '../helpers/service.js';
import { serveBlankPage, type StaticPage } from '../helpers/static-page.js';

const ROUNDS = 20;
const WORKERS = 4;
const CLOCK = '2027-03-01T10:00:00.000Z';

interface Round {
  sandbox: string;
  session: string;
  byCookie: boolean;
  clock: string;
}

/**
 * One end-to-end test as a front end writes it, run inside the page: reset its
 * session with a fixed clock and seed, check the seed, change things, and read
 * back everything, the request log included. Everything it returns is exact.
 */
async function oneRound({ sandbox, session, byCookie, clock }: Round) {
  // A page names its session by header, or by the sandbox-session cookie (sent with credentials).
  const send = async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = byCookie ? {} : { 'X-Sandbox-Session': session };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(sandbox + path, {
      method,
      headers,
      credentials: byCookie ? 'include' : 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      session: response.headers.get('X-Sandbox-Session'),
      location: response.headers.get('Location'),
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
  };
  const reset = await send('POST', '/sandbox/reset', { clock, seed: session });
  const seedNav = await send('GET', '/api/streams/nav');
  const nav = await send('PATCH', '/api/streams/nav', { sort: session, pinnedStreamIds: [] });
  const stream = await send('POST', '/api/streams', {
    title: `Stream of ${session}`,
    initialMessage: { content: { blocks: [{ type: 'markdown', markdown: session }] } },
  });
  const device = await send('PUT', '/api/notifications/devices', {
    installationId: `${session}-phone`,
    appId: 'com.example.chat',
    platform: 'web',
    token: 't',
    environment: 'sandbox',
    transport: 'push_gateway',
  });
  const devices = await send('GET', '/api/notifications/devices');
  const log = await send('GET', '/sandbox/requests');
  // Those since the reset: the log goes on across resets, each starting a segment.
  const { items } = log.body as { items: { method: string; path: string; status: number; segment: number }[] };
  const requests = items
    .filter(({ segment }) => segment === items[0]?.segment)
    .map(({ method, path, status }) => `${method} ${path} ${status}`);
  return {
    reset: reset.status,
    session: seedNav.session,
    seedNav: seedNav.body,
    nav: nav.body,
    stream: stream.body,
    location: stream.location,
    device: device.status,
    devices: devices.body,
    requests,
  };
}

describe('make sandbox: four browser sessions in parallel, each with its own session', function () {
  this.timeout(180_000);
  let sandbox: Service;
  let page: StaticPage;
  let browser: Browser;
  before(async function () {
    if (!CHROMIUM) this.skip(); // .ci/run installs Debian's chromium
    [sandbox, page, browser] = await Promise.all([startSandboxProcess(), serveBlankPage(), launchChromium()]);
  });
  after(async () => {
    await Promise.all([browser?.close(), sandbox?.close(), page?.close()]);
  });

  it(`when ${WORKERS} pages each reset their session and assert its exact state, ${ROUNDS} times at once, then no round differs`, async () => {
    const seedNav = getExamples(readContract('.')).get('getNavigationPreferences') as Record<string, unknown>;
    const seedDevices = (getExamples(readContract('.')).get('listDevices') as { items: { installationId: string }[] })
      .items;
    const worker = async (index: number) => {
      const session = `worker-${index}`;
      const byCookie = index % 2 === 1;
      const context = await browser.newContext();
      await context.addInitScript('globalThis.__name = (target) => target'); // tsx names the page function's inner functions with it
      if (byCookie) await context.addCookies([{ name: 'sandbox-session', value: session, url: sandbox.url }]);
      const tab = await context.newPage();
      await tab.goto(page.origin);
      const rounds = [];
      for (let round = 0; round < ROUNDS; round++)
        rounds.push(await tab.evaluate(oneRound, { sandbox: sandbox.url, session, byCookie, clock: CLOCK }));
      await context.close();
      return { session, rounds };
    };
    const results = await Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)));
    const ids = new Set<string>();
    for (const { session, rounds } of results) {
      const [first] = rounds;
      // Exact state: the seed, then this session's own changes, at the fixed clock.
      expect(first).to.deep.include({ reset: 204, session, seedNav, device: 201 });
      expect(first!.nav).to.deep.equal({ ...seedNav, sort: session, pinnedStreamIds: [], updatedAt: CLOCK });
      const stream = first!.stream as {
        id: string;
        createdAt: string;
        createdBy: string;
        members: string[];
        initialMessage: { createdAt: string };
      };
      expect([stream.createdAt, stream.initialMessage.createdAt, stream.createdBy, stream.members]).to.deep.equal([
        CLOCK,
        CLOCK,
        'local',
        ['local'],
      ]);
      expect(first!.location).to.equal(`/api/streams/${stream.id}`);
      const listed = (first!.devices as { items: { installationId: string; createdAt: string }[] }).items;
      expect(listed.map((device) => device.installationId)).to.have.members([
        ...seedDevices.map((device) => device.installationId),
        `${session}-phone`,
      ]);
      expect(listed.find((device) => device.installationId === `${session}-phone`)!.createdAt).to.equal(CLOCK);
      expect(first!.requests).to.deep.equal([
        'GET /api/notifications/devices 200',
        'PUT /api/notifications/devices 201',
        'POST /api/streams 201',
        'PATCH /api/streams/nav 200',
        'GET /api/streams/nav 200',
      ]);
      // Repeatable: every round of a session is the first, ids and timestamps included.
      rounds.forEach((round, index) => expect(round, `${session}, round ${index + 1}`).to.deep.equal(first));
      ids.add(stream.id);
    }
    expect(ids.size, "each session's seed makes its own ids").to.equal(WORKERS);
  });
});

import { expect } from 'chai';
import { call, type CallOptions } from '../helpers/client.js';
import { aDevice } from '../helpers/factories.js';
import { startSandbox } from '../helpers/sandbox.js';
import type { Service } from '../helpers/service.js';

const in_ = (session: string, options: CallOptions = {}): CallOptions => ({
  ...options,
  headers: { 'x-sandbox-session': session, ...options.headers },
});

/** The sessions GET /sandbox/events names once `act` has run, up to the first event naming `session`. */
async function toldUntil(sandbox: Service, session: string, act: () => Promise<unknown>): Promise<string[]> {
  const stop = new AbortController();
  const response = await fetch(`${sandbox.url}/sandbox/events`, { signal: stop.signal });
  expect(response.headers.get('content-type')).to.match(/^text\/event-stream/);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  await reader.read(); // the first line (retry:) says the stream is open: changes from now on are told
  await act();
  let text = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the events ended: ${text}`);
      text += value;
      const told = [...text.matchAll(/^data: (.*)$/gm)].map((match) => JSON.parse(match[1]!).session as string);
      if (told.includes(session)) return told.slice(0, told.indexOf(session) + 1);
    }
  } finally {
    stop.abort();
  }
}

describe("the sandbox page's reads: GET /sandbox/sessions, /sandbox/state, /sandbox/requests/{n}, /sandbox/events", () => {
  let sandbox: Service;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox.close();
  });

  it('when a session wrote a stream and a device, then its state lists them by collection as the API answers them', async () => {
    await call(sandbox, 'POST', '/sandbox/reset', in_('state', { body: { scenario: 'empty-user' } }));
    const stream = await call(sandbox, 'POST', '/api/streams', in_('state', { body: { title: 'Kept' } }));
    const device = await call(sandbox, 'PUT', '/api/notifications/devices', in_('state', { body: aDevice() }));
    const state = await call(sandbox, 'GET', '/sandbox/state', in_('state'));
    expect(state.status).to.equal(200);
    expect(Object.keys(state.body)).to.deep.equal([
      'streams',
      'notificationSettings',
      'navigation',
      'identitySettings',
      'devices',
      'drafts',
      'readMarkers',
    ]);
    expect(state.body.streams).to.deep.equal([stream.body]);
    expect(state.body.devices).to.deep.equal([device.body]); // without the user it is filed under
    expect(state.body.drafts).to.deep.equal([]);
  });

  it('when a logged request is asked for by its number, then it comes with both sides and whether the answer fits openapi.yaml', async () => {
    await call(sandbox, 'POST', '/sandbox/reset', in_('one'));
    await call(sandbox, 'GET', '/api/streams/nav', in_('one', { headers: { authorization: 'Bearer kept-secret' } }));
    const refused = await call(sandbox, 'PUT', '/api/chat/reads', in_('one', { body: { streamId: 'x' } }));
    const { items } = (await call(sandbox, 'GET', '/sandbox/requests', in_('one'))).body;
    expect(items.map(({ n, status }: { n: number; status: number }) => [n, status])).to.deep.equal([
      [2, 400],
      [1, 200],
    ]);
    const first = (await call(sandbox, 'GET', '/sandbox/requests/1', in_('one'))).body;
    expect(first.requestHeaders).to.include({ authorization: '(redacted)', 'x-sandbox-session': 'one' });
    expect(first.responseHeaders).to.include({ 'content-type': 'application/json; charset=utf-8' });
    expect(first.contract).to.deep.equal({ checked: true, fits: true, violations: [] });
    expect(first.ms).to.be.a('number');
    const second = (await call(sandbox, 'GET', '/sandbox/requests/2', in_('one'))).body;
    expect([second.problem, second.contract.fits]).to.deep.equal([refused.body, true]);
    expect(JSON.stringify(items)).to.not.include('kept-secret');
  });

  it('when the page is asked for without its slash, then it is sent to /sandbox/, the query kept', async () => {
    const moved = await fetch(`${sandbox.url}/sandbox?session=a`, { redirect: 'manual' });
    expect([moved.status, moved.headers.get('location')]).to.deep.equal([301, '/sandbox/?session=a']);
  });

  it('when a number is not kept, or is no number, then 404 and 400; another method is 405', async () => {
    const missing = await call(sandbox, 'GET', '/sandbox/requests/999', in_('one'));
    const bad = await call(sandbox, 'GET', '/sandbox/requests/0', in_('one'));
    const post = await call(sandbox, 'POST', '/sandbox/state', in_('one'));
    expect([missing.status, bad.status, bad.body.errors[0].path, post.status]).to.deep.equal([
      404,
      400,
      '/path/n',
      405,
    ]);
  });

  it('when an answer was over 16 KiB, then it is not checked, and says why', async () => {
    await call(sandbox, 'POST', '/sandbox/reset', in_('big', { body: { scenario: 'many-devices' } }));
    expect((await call(sandbox, 'GET', '/api/notifications/devices?limit=100', in_('big'))).status).to.equal(200);
    const { contract } = (await call(sandbox, 'GET', '/sandbox/requests/1', in_('big'))).body;
    expect(contract).to.deep.equal({ checked: false, why: 'the body was over 16 KiB and not kept' });
  });

  it('when sessions are listed, then each comes with its requests, bytes, scenario and last use, and listing makes none', async () => {
    await call(sandbox, 'POST', '/sandbox/reset', in_('listed', { body: { scenario: 'empty-user' } }));
    await call(sandbox, 'GET', '/api/streams/nav', in_('listed'));
    const { items } = (await call(sandbox, 'GET', '/sandbox/sessions')).body;
    const listed = items.find((item: { name: string }) => item.name === 'listed');
    expect(items[0]).to.equal(listed); // the most recently used first
    expect(listed).to.include({ scenario: 'empty-user', requests: 1 });
    expect(listed.bytes).to.be.above(0);
    expect(Date.parse(listed.lastUsed)).to.be.closeTo(Date.now(), 60_000);
    expect(items.map((item: { name: string }) => item.name)).to.not.include('default');
  });

  it("when a session logs a request or is reset, then GET /sandbox/events tells its name; the page's own reads are not told", async () => {
    const logged = await toldUntil(sandbox, 'live', () => call(sandbox, 'GET', '/api/streams/nav', in_('live')));
    expect(logged).to.deep.equal(['live']);
    const reset = () => call(sandbox, 'POST', '/sandbox/reset', in_('live-reset'));
    expect(await toldUntil(sandbox, 'live-reset', reset)).to.deep.equal(['live-reset']);
    const reads = await toldUntil(sandbox, 'marker', async () => {
      await call(sandbox, 'GET', '/sandbox/requests', in_('live'));
      await call(sandbox, 'GET', '/sandbox/state', in_('live'));
      await call(sandbox, 'GET', '/api/streams/nav', in_('marker'));
    });
    expect(reads).to.deep.equal(['marker']); // live's reads, before it, were not told
  });
});

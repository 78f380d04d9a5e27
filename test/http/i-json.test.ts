import { expect } from 'chai';
import { call, type Reply } from '../helpers/client.js';
import { aDevice } from '../helpers/factories.js';
import { rawRequest } from '../helpers/raw.js';
import { startSandbox } from '../helpers/sandbox.js';
import { startService, type Service } from '../helpers/service.js';

// openapi.yaml's Requests: bodies are I-JSON (RFC 7493), free-form members included. Refused at the parser: 400 naming
// the member, nothing stored. The same on the service and the sandbox, which is the service in memory.
const DETAIL =
  'The body is JSON but not I-JSON (RFC 7493), as openapi.yaml requires: each member named once in its object, numbers a double holds exactly, no lone surrogates.';
const keptAs = (kept: string) => `must be a number a double holds exactly: this one would be kept as ${kept}`;
const TOO_LARGE = 'must be a number a double holds: at most about 1.8e308 in size';
const TWICE = 'is named more than once in its object: send each member once';
const LONE = 'must not hold a lone surrogate (U+D800 to U+DFFF outside a pair)';

/** The problem of `reply`, checked whole but for its request id: one error, at `path`, saying `message`. */
function expectRefused(reply: Reply, path: string, message: string): void {
  expect(reply.status, JSON.stringify(reply.body)).to.equal(400);
  const { requestId, ...problem } = reply.body;
  expect(requestId).to.be.a('string');
  expect(problem).to.deep.equal({
    type: 'urn:problem:collab:validation-failed',
    title: 'The request breaks the contract',
    status: 400,
    detail: DETAIL,
    errors: [{ path, message }],
  });
}

const servers: [string, () => Promise<Service>][] = [
  ['the service', () => startService()],
  ['the sandbox', () => startSandbox()],
];

for (const [name, start] of servers) {
  describe(`bodies are I-JSON, on ${name}`, () => {
    let server: Service;
    const headers = { 'x-sandbox-session': 'i-json' }; // the service ignores it
    const send = (method: string, path: string, body?: string) => call(server, method, path, { body, headers });
    const settings = '/api/identity/settings/i-json';
    const storedSettings = async () => (await send('GET', settings)).body.settings;
    before(async () => {
      server = await start();
      expect((await send('PATCH', settings, '{"patch":{"kept":1}}')).status).to.equal(200);
    });
    after(async () => {
      await server.close();
    });

    it('when identity settings hold 2^53+1, 20 digits, 1e400, a name twice or a lone surrogate, then 400 names the member, and nothing is stored', async () => {
      for (const [member, message] of [
        ['9007199254740993', keptAs('9007199254740992')],
        ['12345678901234567890', keptAs('12345678901234567000')],
        ['1e400', TOO_LARGE],
        ['0.10000000000000000001', keptAs('0.1')],
        ['"\\ud800"', LONE],
      ] as const) {
        expectRefused(await send('PATCH', settings, `{"patch":{"x":{"y":[${member}]}}}`), '/body/patch/x/y/0', message);
      }
      expectRefused(await send('PATCH', settings, '{"patch":{"x":1,"kept":2,"x":3}}'), '/body/patch/x', TWICE);
      expectRefused(await send('PATCH', settings, '{"patch":{"kept":2},"patch":{}}'), '/body/patch', TWICE);
      expect(await storedSettings()).to.deep.equal({ kept: 1 });
    });

    it('when a device has a number no double holds, or a name twice, in its transportMetadata, then 400 names it, and no device is stored', async () => {
      const device = aDevice({ installationId: 'i-json-device' });
      const body = (metadata: string) => JSON.stringify(device).replace(/}$/, `,"transportMetadata":${metadata}}`);
      expectRefused(
        await send('PUT', '/api/notifications/devices', body('{"n":9007199254740993}')),
        '/body/transportMetadata/n',
        keptAs('9007199254740992'),
      );
      expectRefused(
        await send('PUT', '/api/notifications/devices', body('{"topic":"a","topic":"b"}')),
        '/body/transportMetadata/topic',
        TWICE,
      );
      const listed = (await send('GET', '/api/notifications/devices?limit=1000')).body.items;
      expect(listed.map((item: { installationId: string }) => item.installationId)).to.not.include('i-json-device');
    });

    it('when a message element kept through its looser variant holds 2^53+1 or a lone surrogate, then 400 names it', async () => {
      const stream = (style: string) =>
        `{"title":"t","initialMessage":{"content":{"blocks":[{"type":"rich_text","elements":[{"type":"paragraph","children":[{"type":"text","text":"a","style":${style}}]}]}]}}}`;
      const at = '/body/initialMessage/content/blocks/0/elements/0/children/0/style';
      expectRefused(
        await send('POST', '/api/streams', stream('{"size":9007199254740993}')),
        `${at}/size`,
        keptAs('9007199254740992'),
      );
      expectRefused(await send('POST', '/api/streams', stream('{"note":"\\udc00"}')), `${at}/note`, LONE);
      const kept = await send('POST', '/api/streams', stream('{"size":9007199254740991}'));
      expect(kept.status, 'the same message with 2^53-1').to.equal(201);
    });

    it('when numbers are at the edges a double holds (±(2^53−1), 2^53, 0.1, 1e21, 5e-324) and surrogates are paired, then each is stored and read back as sent', async () => {
      const sent =
        '{"patch":{"a":9007199254740991,"b":-9007199254740991,"c":9007199254740992,"d":0.1,"e":1e21,"f":5e-324,"g":1.7976931348623157e308,"h":"\\ud83d\\ude00"}}';
      const reply = await send('PATCH', settings, sent);
      expect(reply.status, JSON.stringify(reply.body)).to.equal(200);
      const expected = {
        a: 2 ** 53 - 1,
        b: -(2 ** 53 - 1),
        c: 2 ** 53,
        d: 0.1,
        e: 1e21,
        f: 5e-324,
        g: Number.MAX_VALUE,
        h: '😀',
      };
      expect(await storedSettings()).to.deep.equal({ kept: 1, ...expected });
      const { text } = await rawRequest(server, 'GET', settings, headers);
      for (const literal of ['9007199254740991', '9007199254740992', '0.1', '1e+21', '5e-324', '😀'])
        expect(text).to.contain(literal);
      await send(
        'PATCH',
        settings,
        `{"patch":${JSON.stringify(Object.fromEntries(Object.keys(expected).map((key) => [key, null])))}}`,
      );
    });
  });
}

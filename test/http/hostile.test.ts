import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import { specPath } from '../../src/contract/spec.js';
import { call, pathsOf } from '../helpers/client.js';
import { aDevice, uuid } from '../helpers/factories.js';
import { needs } from '../helpers/needs.js';
import { startService, type Service } from '../helpers/service.js';

/** /docs serves dist/docs/, which npm run build:docs builds (npm test and npm run test:fast run it first). */
const docsBuilt = () => existsSync(join(dirname(specPath), 'dist', 'docs', 'index.html'));

/** Writes raw bytes on a socket and resolves with what came back by the time the server closed it. */
function slowRequest(service: Service, parts: string[]): Promise<{ text: string }> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(service.url);
    const socket = connect(Number(port), '127.0.0.1', () => {
      for (const part of parts) socket.write(part);
    });
    let text = '';
    socket.on('data', (chunk) => {
      text += String(chunk);
    });
    socket.on('close', () => resolve({ text }));
    socket.on('error', reject);
  });
}

describe('hostile input', () => {
  let service: Service;
  before(async () => {
    service = await startService({ timeouts: { headersTimeout: 500, requestTimeout: 1_000, keepAliveTimeout: 500 } });
  });
  after(async () => {
    await service.close();
  });

  describe('headers', () => {
    const paths: [string, string, unknown?][] = [
      ['GET', '/healthz'],
      ['PUT', '/api/chat/reads', { streamId: 'x' }],
      ['GET', '/api/nothing'],
      ['GET', '/docs'],
    ];
    for (const [method, path, body] of paths) {
      it(`when ${method} ${path} is answered, then helmet's headers are set and X-Powered-By is not`, async function () {
        if (path === '/docs') needs(this, docsBuilt() ? undefined : 'the reference built: npm run build:docs');
        const reply = await call(service, method, path, { body });
        expect(reply.headers.get('x-powered-by')).to.equal(null);
        expect(reply.headers.get('x-content-type-options')).to.equal('nosniff');
        expect(reply.headers.get('strict-transport-security')).to.equal('max-age=31536000; includeSubDomains');
        expect(reply.headers.get('referrer-policy')).to.equal('no-referrer');
        expect(reply.headers.get('cross-origin-resource-policy')).to.equal('same-origin');
        expect(reply.headers.get('x-frame-options')).to.equal('DENY');
        // A JSON answer may load nothing and be framed by nothing; the docs page loads its own scripts and styles.
        expect(reply.headers.get('content-security-policy')).to.equal(
          path === '/docs'
            ? "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; worker-src 'self' blob:"
            : "default-src 'none';frame-ancestors 'none'",
        );
      });
    }
  });

  describe('slow senders (server timeouts)', () => {
    it('when headers trickle in and never finish, then the server answers the 408 problem and closes the connection', async () => {
      const { text } = await slowRequest(service, ['GET /healthz HTTP/1.1\r\n', 'Host: 127.0.0.1\r\n']);
      expect(text).to.match(/^HTTP\/1\.1 408/);
      expect(text, 'the declared problem, with a request id')
        .to.match(/\r\nContent-Type: application\/problem\+json; charset=utf-8\r\n/)
        .and.match(/\r\nX-Request-Id: [0-9a-f-]{36}\r\n/)
        .and.contain('"type":"urn:problem:collab:request-timeout"');
    });
    it('when a body never completes, then the server answers 408 and closes the connection', async () => {
      const { text } = await slowRequest(service, [
        'PUT /api/chat/reads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
        '{"streamId":',
      ]);
      expect(text).to.match(/^HTTP\/1\.1 408/);
    });
  });

  // Only operations that read a body meet chunk extensions, and each declares 413; a GET is answered before its body.
  describe('requests Node refuses before the app sees them', () => {
    const problemOf = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
    const refusals: [string, string, number, string][] = [
      [
        'a URL over the 64 KiB of headers',
        `GET /api/streams/nav?x=${'a'.repeat(70_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
        431,
        'headers-too-large',
      ],
      [
        'a header over the 64 KiB of headers',
        `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`,
        431,
        'headers-too-large',
      ],
      [
        'a Content-Length that is not a number',
        'PUT /api/chat/reads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ten\r\n\r\n',
        400,
        'malformed-request',
      ],
      [
        'two different Content-Lengths',
        'PUT /api/chat/reads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
        400,
        'malformed-request',
      ],
      ['a request line that is not HTTP', 'HELLO\r\n\r\n', 400, 'malformed-request'],
      [
        'chunk extensions over 16 KiB',
        `PUT /api/chat/reads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n1;x=${'a'.repeat(20_000)}\r\n`,
        413,
        'payload-too-large',
      ],
    ];
    for (const [what, bytes, status, kind] of refusals) {
      it(`when ${what} is sent, then the answer is the ${status} problem with a new request id, and the connection is closed`, async () => {
        const { text } = await slowRequest(service, [bytes]);
        expect(text).to.match(new RegExp(`^HTTP/1\\.1 ${status} `));
        expect(text)
          .to.match(/\r\nContent-Type: application\/problem\+json; charset=utf-8\r\n/)
          .and.match(/\r\nConnection: close\r\n/);
        const requestId = /\r\nX-Request-Id: ([0-9a-f-]{36})\r\n/.exec(text)?.[1];
        expect(problemOf(text)).to.include({ type: `urn:problem:collab:${kind}`, status, requestId });
      });
    }
  });

  describe('numbers in integer fields', () => {
    const width = (raw: string) => call(service, 'PATCH', '/api/streams/nav', { body: `{"leftSidebarWidth":${raw}}` });
    it('when 1e400 (Infinity once parsed) is sent, then 400 names the field', async () => {
      const reply = await width('1e400');
      expect(reply.status).to.equal(400);
      expect(reply.body.errors.map((error: { path: string }) => error.path)).to.deep.equal(['/body/leftSidebarWidth']);
    });
    it('when -0 is sent, then it is the integer 0', async () => {
      const reply = await width('-0');
      expect(reply.status).to.equal(200);
      expect(reply.body.leftSidebarWidth).to.equal(0);
    });
    it('when 2^53-1 is sent, then it is kept exactly; 2^53+1 and -3.2e25, which no double holds exactly, get 400 naming the field', async () => {
      const largest = await width('9007199254740991');
      expect(largest.status).to.equal(200);
      expect(largest.body.leftSidebarWidth).to.equal(2 ** 53 - 1);
      for (const raw of ['9007199254740993', '-32427677814193797254348800']) {
        const reply = await width(raw);
        expect(reply.status, raw).to.equal(400);
        expect(reply.body.errors.map((error: { path: string }) => error.path)).to.deep.equal([
          '/body/leftSidebarWidth',
        ]);
      }
    });
    it('when 1.0 is sent, then it is an integer; 1.5 is not', async () => {
      expect((await width('1.0')).status).to.equal(200);
      expect((await width('1.5')).status).to.equal(400);
    });
  });

  describe('strings and keys', () => {
    it('when a key appears twice in a body, then 400 names it (I-JSON), so no reader takes another value than the service', async () => {
      const reply = await call(service, 'PATCH', '/api/streams/nav', { body: '{"sort":"first","sort":"last"}' });
      expect([reply.status, reply.body.errors]).to.deep.equal([
        400,
        [{ path: '/body/sort', message: 'is named more than once in its object: send each member once' }],
      ]);
    });
    it('when strings hold NUL, then they are stored and returned intact; a lone surrogate is refused (I-JSON)', async () => {
      const title = 'a\u0000b\ud83d\ude00c';
      const created = await call(service, 'POST', '/api/streams', { body: { title } });
      expect(created.status).to.equal(201);
      expect(created.body.title).to.equal(title);
      expect((await call(service, 'GET', `/api/streams/${created.body.id}`)).body.title).to.equal(title);
      const lone = await call(service, 'POST', '/api/streams', { body: { title: 'a\ud800c' } });
      expect([lone.status, pathsOf(lone)]).to.deep.equal([400, ['/body/title']]);
    });
    it('when an installationId is 128 characters outside the BMP (256 UTF-16 units), then it counts 128 characters', async () => {
      const device = (length: number) => aDevice({ installationId: '\u{1f600}'.repeat(length) });
      const put = async (length: number) =>
        (await call(service, 'PUT', '/api/notifications/devices', { body: device(length) })).status;
      expect(await put(128)).to.equal(201);
      expect(await put(129)).to.equal(400);
    });
    it('when an identity patch has 15,000 keys (within the 256 KiB document cap), then it is stored whole', async () => {
      const patch = Object.fromEntries(Array.from({ length: 15_000 }, (_, i) => [`k${i}`, i]));
      const big = await call(service, 'PATCH', '/api/identity/settings/wide', { body: { patch } });
      expect(big.status).to.equal(200);
      expect(big.body.settings).to.deep.equal(patch);
      expect((await call(service, 'GET', '/api/identity/settings/wide')).body.settings).to.deep.equal(patch);
    });
    it('when a read marker list is asked for a stream with no markers, then it is empty, not an error', async () => {
      expect((await call(service, 'GET', `/api/chat/reads/${uuid()}`)).body).to.deep.equal({ items: [] });
    });
  });

  it('when all of the above has been sent, then the service still serves', async () => {
    expect((await call(service, 'GET', '/healthz')).status).to.equal(200);
  });
});

import { expect } from 'chai';
import { SECURITY_HEADERS } from '../../src/edge/security-headers.js';
import { call } from '../helpers/client.js';
import { exchange, type WireAnswer } from '../helpers/exchange.js';
import { uuid } from '../helpers/factories.js';
import { startSandbox } from '../helpers/sandbox.js';
import { startService, type Service } from '../helpers/service.js';

// HTTP/1.1 as RFC 9112 frames it, each refusal a declared problem from the app.

const marker = (streamId: string) => JSON.stringify({ streamId, lastReadMessageId: uuid() });
const chunked = (body: string) => `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`;
const markers = async (service: Service, streamId: string) =>
  (await call(service, 'GET', `/api/chat/reads/${streamId}`)).body.items as unknown[];

/** The answer is `kind`'s problem with its status, a request id (the body's too) and the security headers. */
function expectProblem(answer: WireAnswer | undefined, status: number, kind: string): Record<string, unknown> {
  expect(answer?.status, answer?.body).to.equal(status);
  expect(answer?.headers.get('content-type')).to.match(/^application\/problem\+json/);
  for (const [name, value] of SECURITY_HEADERS) expect(answer?.headers.get(name.toLowerCase()), name).to.equal(value);
  const problem = JSON.parse(answer?.body ?? '') as Record<string, unknown>;
  expect(problem).to.include({
    type: `urn:problem:collab:${kind}`,
    status,
    requestId: answer?.headers.get('x-request-id'),
  });
  return problem;
}

for (const [server, start] of [
  ['the service', () => startService()],
  ['the sandbox', () => startSandbox()],
] as const) {
  describe(`HTTP framing (RFC 9112), on ${server}`, () => {
    let service: Service;
    let host: string;
    before(async () => {
      service = await start();
      host = new URL(service.url).host;
    });
    after(async () => {
      await service.close();
    });
    const put = (head: string[], body: string) =>
      `PUT /api/chat/reads HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n${head.join('\r\n')}\r\n\r\n${body}`;

    for (const coding of ['junk, chunked', 'gzip, chunked', 'identity, chunked', 'chunked, ']) {
      it(`when Transfer-Encoding is "${coding}", then 400 malformed-request, the connection closed, and nothing stored`, async () => {
        const streamId = uuid();
        const [answer, ...more] = await exchange(
          service,
          put([`Transfer-Encoding: ${coding}`], chunked(marker(streamId))),
        );
        expectProblem(answer, 400, 'malformed-request');
        expect([answer?.headers.get('connection'), more.length]).to.deep.equal(['close', 0]);
        expect(await markers(service, streamId)).to.deep.equal([]);
      });
    }

    it('when Transfer-Encoding is "Chunked", then the coding is chunked (names are case-insensitive) and the marker is stored', async () => {
      const streamId = uuid();
      const [answer] = await exchange(
        service,
        put(['Transfer-Encoding: Chunked', 'Connection: close'], chunked(marker(streamId))),
      );
      expect(answer?.status, answer?.body).to.equal(200);
      expect(await markers(service, streamId)).to.have.length(1);
    });

    it('when HTTP/1.0 comes with Transfer-Encoding and keep-alive, then 400, the connection closed, and the request behind it not served', async () => {
      const [first, second] = [uuid(), uuid()];
      const bytes =
        `PUT /api/chat/reads HTTP/1.0\r\nHost: ${host}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n` +
        `Connection: keep-alive\r\n\r\n${chunked(marker(first))}` +
        `PUT /api/chat/reads HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${marker(second).length}\r\n\r\n${marker(second)}`;
      const answers = await exchange(service, bytes);
      expect(answers.map(({ status }) => status)).to.deep.equal([400]);
      expectProblem(answers[0], 400, 'malformed-request');
      expect(answers[0]?.headers.get('connection')).to.equal('close');
      expect([await markers(service, first), await markers(service, second)]).to.deep.equal([[], []]);
    });

    it('when an HTTP/1.1 request has no Host, or two, then 400 malformed-request from the app, with a request id', async () => {
      for (const hosts of [[], [host, host], [host, 'other.test']]) {
        const fields = hosts.map((name) => `Host: ${name}\r\n`).join('');
        const [answer] = await exchange(service, `GET /api/streams/nav HTTP/1.1\r\n${fields}Connection: close\r\n\r\n`);
        expectProblem(answer, 400, 'malformed-request');
      }
    });

    it('when Expect names an expectation other than 100-continue, then the request is served as if it had none (RFC 9110 §10.1.1 lets a server ignore it)', async () => {
      const streamId = uuid();
      const [answer] = await exchange(
        service,
        put(['Expect: junk', 'Connection: close', `Content-Length: ${marker(streamId).length}`], marker(streamId)),
      );
      expect(answer?.status, answer?.body).to.equal(200);
      expect(answer?.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
      expect(await markers(service, streamId)).to.have.length(1);
    });

    it('when a request has 100 header fields, then it is served; 101, then 431 headers-too-large naming the count', async () => {
      const fields = (count: number) =>
        Array.from({ length: count - 2 }, (_, index) => `X-Field-${index}: v\r\n`).join('');
      const request = (count: number) =>
        `GET /api/streams/nav HTTP/1.1\r\nHost: ${host}\r\n${fields(count)}Connection: close\r\n\r\n`;
      expect((await exchange(service, request(100)))[0]?.status).to.equal(200);
      const problem = expectProblem((await exchange(service, request(101)))[0], 431, 'headers-too-large');
      expect(problem.detail).to.contain('more than 100 header fields');
    });

    it('when the target is in absolute form, then it is served as its origin form', async () => {
      const streamId = uuid();
      const body = marker(streamId);
      const [answer] = await exchange(
        service,
        `PUT http://${host}/api/chat/reads HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
      expect(answer?.status, answer?.body).to.equal(200);
      expect(await markers(service, streamId)).to.have.length(1);
    });

    it("when the absolute form's authority is not served, then the Host check reads it, whatever Host says (421)", async () => {
      const [answer] = await exchange(
        service,
        `GET http://attacker.test/api/streams/nav HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      );
      expectProblem(answer, 421, 'host-not-allowed');
    });

    it('when the target is another scheme, carries a user, or is no form at all, then 400 malformed-request', async () => {
      for (const target of [
        `ftp://${host}/api/streams/nav`,
        `http://user:pw@${host}/api/streams/nav`,
        'api/streams/nav',
        '*',
      ]) {
        const [answer] = await exchange(
          service,
          `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
        );
        expectProblem(answer, 400, 'malformed-request');
      }
    });

    it('when CONNECT asks for a tunnel, then 400 malformed-request with a request id, not a connection closed unanswered', async () => {
      const [answer] = await exchange(service, `CONNECT ${host} HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
      expectProblem(answer, 400, 'malformed-request');
    });

    it('when OPTIONS * asks about the server, then 204 with Allow naming every method it serves', async () => {
      const [answer] = await exchange(service, `OPTIONS * HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(answer?.status).to.equal(204);
      expect(answer?.headers.get('allow')).to.equal('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
      expect(answer?.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
    });
  });
}

import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { exampleRequests, fill, type ExampleRequest } from '../helpers/example-requests.js';
import { exchange, type WireAnswer } from '../helpers/exchange.js';
import { MOCK_TOKEN, startPrism } from '../helpers/prism.js';
import { rawRequest } from '../helpers/raw.js';
import type { Service } from '../helpers/service.js';

const OPERATIONS = exampleRequests();
const GETS = OPERATIONS.filter((operation) => operation.method === 'GET');
const exampleOf = (operation: ExampleRequest, status: string) =>
  operation.responses.find((response) => response.status === status)?.example;
/** What a HEAD must share with its GET (RFC 9110 9.3.2). */
const SHARED = ['content-type', 'content-length', 'etag', 'link', 'x-request-id'];
/** A named example of mocks/examples/, as openapi.yaml declares it. */
const declared = (name: string): unknown =>
  (JSON.parse(readFileSync(`mocks/examples/${name}.json`, 'utf8')) as { value: unknown }).value;
const xFields = (count: number) => Array.from({ length: count }, (_, index) => `X-Field-${index}: v`);
const chunked = (body: string) => `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`;
const marker = JSON.stringify({
  streamId: '0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e',
  lastReadMessageId: '0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9f',
});

// Patched Prism: patches/@stoplight+prism-http+5.16.0.patch and patches/@stoplight+prism-http-server+5.16.0.patch.
describe('the Prism mock (make mock) answers the edges of HTTP as the service does', function () {
  this.timeout(60_000);
  let mock: Service;
  before(async () => {
    mock = await startPrism('mock');
  });
  after(async () => {
    await mock.close();
  });
  const send = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
    rawRequest(mock, method, path, { ...mock.headers, ...headers }, body);
  /** A request's head as written, line by line (the mock's token where `token` stands), then `rest`, as bytes. */
  const wire = (lines: string[], rest = '') =>
    exchange(
      mock,
      `${lines.map((line) => (line === 'token' ? `Authorization: Bearer ${MOCK_TOKEN}` : line)).join('\r\n')}\r\n\r\n${rest}`,
    );
  const host = () => `Host: ${new URL(mock.url).host}`;
  /** A request that is served, pipelined behind a refused one: the refusal closes the connection before it. */
  const behind = () =>
    `GET /api/streams/nav HTTP/1.1\r\n${host()}\r\nAuthorization: Bearer ${MOCK_TOKEN}\r\nConnection: close\r\n\r\n`;

  /** The one answer is the contract's example `name` with its status, as a problem, and the connection closed. */
  function expectDeclared(answers: WireAnswer[], status: number, name: string) {
    expect(
      answers.map((answer) => answer.status),
      'one answer: the request behind it is not served',
    ).to.deep.equal([status]);
    const [answer] = answers;
    expect(answer?.headers.get('content-type')).to.match(/^application\/problem\+json/);
    expect(answer?.headers.get('connection')).to.equal('close');
    expect(answer?.headers.get('x-request-id')).to.match(/^[A-Za-z0-9._:-]{1,128}$/);
    expect(JSON.parse(answer?.body ?? '')).to.deep.equal(declared(name));
  }

  it("when HEAD is sent wherever the contract has a GET, then the GET's status and headers without a body; 405 where there is no GET", async () => {
    for (const get of GETS) {
      const [head, full] = [await send('HEAD', get.path), await send('GET', get.path)];
      expect(head.status, `HEAD ${get.template}`).to.equal(200);
      for (const name of SHARED)
        expect(head.headers[name], `HEAD ${get.template}: ${name}`).to.equal(full.headers[name]);
      expect(head.text, `HEAD ${get.template}`).to.equal('');
    }
    expect((await send('HEAD', '/api/streams')).status, 'HEAD /api/streams (POST only)').to.equal(405);
  });

  for (const contentType of ['undefined', 'application/', 'application/json, text/plain'])
    it(`when a body comes as Content-Type: ${contentType}, then every operation with a body answers its 415 example as a problem; a GET without a body is served`, async () => {
      for (const write of OPERATIONS.filter((operation) => operation.body !== undefined)) {
        const reply = await send(write.method, write.path, { 'content-type': contentType }, JSON.stringify(write.body));
        expect(reply.status, `${write.method} ${write.template}`).to.equal(415);
        expect(reply.headers['content-type'], `${write.method} ${write.template}`).to.match(
          /^application\/problem\+json/,
        );
        expect(JSON.parse(reply.text), `${write.method} ${write.template}`).to.deep.equal(exampleOf(write, '415'));
      }
      expect((await send('GET', '/api/streams/nav', { 'content-type': contentType })).status).to.equal(200);
    });

  it('when a path parameter is a malformed percent-encoding (%ZZ, %E0%A4%A), then 400 as a problem, with sl-violations naming the parameter', async () => {
    for (const operation of OPERATIONS)
      for (const name of Object.keys(operation.params))
        for (const malformed of ['%ZZ', '%E0%A4%A']) {
          const path = fill(operation.template, { ...operation.params, [name]: malformed });
          const body = operation.body === undefined ? undefined : JSON.stringify(operation.body);
          const headers: Record<string, string> = operation.contentType
            ? { 'content-type': operation.contentType }
            : {};
          const reply = await send(operation.method, path, headers, body);
          expect(reply.status, `${operation.method} ${path}`).to.equal(400);
          expect(reply.headers['content-type'], `${operation.method} ${path}`).to.match(/^application\/problem\+json/);
          expect(JSON.parse(reply.text), `${operation.method} ${path}`).to.deep.equal(exampleOf(operation, '400'));
          const violations = JSON.parse(String(reply.headers['sl-violations'])) as { location: string[] }[];
          expect(violations.map((violation) => violation.location)).to.deep.include(['request', 'path', name]);
        }
  });

  for (const accept of ['application/problem+json', 'text/html', 'application/xml;q=0.9', 'text', '*/*;q=0'])
    it(`when a GET asks for Accept: ${accept}, then it is served its example as the service serves it, never 406; an error is still a problem`, async () => {
      for (const get of GETS) {
        const reply = await send('GET', get.path, { accept });
        expect(reply.status, `GET ${get.template}`).to.equal(200);
        expect(reply.headers['content-type'], `GET ${get.template}`).to.contain(get.responses[0]?.mediaType);
      }
      const missing = await send('GET', '/api/streams/nav', { accept, prefer: 'code=503' });
      expect([missing.status, missing.headers['content-type']]).to.deep.equal([503, 'application/problem+json']);
    });

  it('when a query parameter is named in another case (LIMIT=2000, CURSOR=, Limit=0), then it is ignored as the service ignores it; limit=2000 is 400', async () => {
    const statuses = [];
    for (const query of ['LIMIT=2000', 'CURSOR=', 'Limit=0', 'limit=2000'])
      statuses.push((await send('GET', `/api/notifications/devices?${query}`)).status);
    expect(statuses).to.deep.equal([200, 200, 200, 400]);
  });

  // What Node's HTTP server answered or served before Prism routed a request: patches/README.md, items 6 to 10.
  const refused: [edge: string, lines: () => string[], body?: string][] = [
    ['a method HTTP parsers do not know (BREW)', () => ['BREW /api/streams/nav HTTP/1.1', host(), 'token']],
    ['CONNECT (Prism opens no tunnels)', () => ['CONNECT 127.0.0.1:443 HTTP/1.1', 'Host: 127.0.0.1:443']],
    ['an HTTP/1.1 request with no Host', () => ['GET /api/streams/nav HTTP/1.1', 'token']],
    ['two Host fields', () => ['GET /api/streams/nav HTTP/1.1', host(), host(), 'token']],
    [
      'Transfer-Encoding: junk, chunked',
      () => [
        'PUT /api/chat/reads HTTP/1.1',
        host(),
        'token',
        'Content-Type: application/json',
        'Transfer-Encoding: junk, chunked',
      ],
      chunked(marker),
    ],
    [
      'HTTP/1.0 with Transfer-Encoding and keep-alive',
      () => [
        'PUT /api/chat/reads HTTP/1.0',
        host(),
        'token',
        'Content-Type: application/json',
        'Transfer-Encoding: chunked',
        'Connection: keep-alive',
      ],
      chunked(marker),
    ],
  ];
  for (const [edge, lines, body = ''] of refused)
    it(`when a request comes with ${edge}, then 400 malformed-request, the contract's example, and the connection closed`, async () => {
      expectDeclared(await wire(lines(), body + behind()), 400, 'malformed-request');
    });

  it('when OPTIONS * asks about the server, then 204 with Allow, every method some path takes, as the service answers', async () => {
    const [answer] = await wire(['OPTIONS * HTTP/1.1', host(), 'Connection: close']);
    expect([answer?.status, answer?.headers.get('allow')]).to.deep.equal([
      204,
      'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    ]);
    expect(answer?.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
  });

  it('when a CORS preflight is sent, then 204 with the request id and Access-Control-Max-Age the contract declares required', async () => {
    const [answer] = await wire([
      'OPTIONS /api/streams/nav HTTP/1.1',
      host(),
      'Origin: http://localhost:5173',
      'Access-Control-Request-Method: PATCH',
      'Connection: close',
    ]);
    expect([answer?.status, answer?.headers.get('access-control-max-age')]).to.deep.equal([204, '600']);
    expect(answer?.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
  });

  it('when Expect names an expectation other than 100-continue, then it is served as if it had none (not a bare 417)', async () => {
    const plain = await wire(['GET /api/streams/nav HTTP/1.1', host(), 'token', 'Connection: close']);
    const answers = await wire(['GET /api/streams/nav HTTP/1.1', host(), 'token', 'Expect: junk', 'Connection: close']);
    expect(answers.map((answer) => [answer.status, answer.body])).to.deep.equal([[200, plain[0]?.body]]);
  });

  it("when a head has 100 header fields or 60 KiB, then it is served; 101 fields or over 64 KiB, then 431 headers-too-large, the contract's example", async () => {
    const get = (more: string[]) =>
      wire(['GET /api/streams/nav HTTP/1.1', host(), 'token', ...more, 'Connection: close']);
    const served = [await get(xFields(97)), await get([`X-Big: ${'x'.repeat(60 * 1024)}`])];
    expect(served.map((answers) => answers.map((answer) => answer.status))).to.deep.equal([[200], [200]]);
    expectDeclared(await get(xFields(98)), 431, 'headers-too-large');
    expectDeclared(await get([`X-Big: ${'x'.repeat(64 * 1024)}`]), 431, 'headers-too-large');
  });

  it("when a request's headers do not all arrive, then after the contract's 10 s 408 request-timeout, the contract's example", async () => {
    expectDeclared(await exchange(mock, `GET /api/streams/nav HTTP/1.1\r\n${host()}\r\n`), 408, 'request-timeout');
  });
});

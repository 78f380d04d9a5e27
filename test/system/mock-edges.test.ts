import { expect } from 'chai';
import { exampleRequests, fill, type ExampleRequest } from '../helpers/example-requests.js';
import { startPrism } from '../helpers/prism.js';
import { rawRequest } from '../helpers/raw.js';
import type { Service } from '../helpers/service.js';

const OPERATIONS = exampleRequests();
const GETS = OPERATIONS.filter((operation) => operation.method === 'GET');
const exampleOf = (operation: ExampleRequest, status: string) =>
  operation.responses.find((response) => response.status === status)?.example;
/** What a HEAD must share with its GET (RFC 9110 9.3.2). */
const SHARED = ['content-type', 'content-length', 'etag', 'link', 'x-request-id'];

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
});

import { expect } from 'chai';
import { exampleRequests } from '../helpers/example-requests.js';
import { startPrism } from '../helpers/prism.js';
import { rawRequest } from '../helpers/raw.js';
import type { Service } from '../helpers/service.js';

// Prism sends a declared header's example, else its schema's, else one it makes up ('string' for a string).
describe('the Prism mock (make mock) sends every declared header with its example', function () {
  this.timeout(60_000);
  let mock: Service;
  before(async () => {
    mock = await startPrism('mock');
  });
  after(async () => {
    await mock.close();
  });

  it('when every operation is asked for each status it declares (Prefer: code=…), then each header declared there comes as its example, a required one always', async () => {
    const wrong: string[] = [];
    for (const operation of exampleRequests())
      for (const response of operation.responses) {
        const headers: Record<string, string> = { ...mock.headers, prefer: `code=${response.status}` };
        if (operation.contentType) headers['content-type'] = operation.contentType;
        const body = operation.body === undefined ? undefined : JSON.stringify(operation.body);
        const reply = await rawRequest(mock, operation.method, operation.path, headers, body);
        const at = `${operation.method} ${operation.template} ${response.status}`;
        if (String(reply.status) !== response.status) wrong.push(`${at}: answered ${reply.status}`);
        for (const header of response.headers) {
          const sent = reply.headers[header.name.toLowerCase()];
          if (header.example === undefined) wrong.push(`${at}: ${header.name} declares no example`);
          else if (sent === undefined ? header.required : sent !== String(header.example))
            wrong.push(
              `${at}: ${header.name} is ${JSON.stringify(sent)}, its example ${JSON.stringify(header.example)}`,
            );
        }
      }
    expect(wrong).to.deep.equal([]);
  });

  it('when a request has no bearer token, then 401 with WWW-Authenticate: Bearer, as the service sends it', async () => {
    const reply = await rawRequest(mock, 'GET', '/api/streams/nav', {});
    expect([reply.status, reply.headers['www-authenticate']]).to.deep.equal([401, 'Bearer']);
  });
});

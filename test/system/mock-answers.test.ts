import { expect } from 'chai';
import { readContract } from '../../src/contract/declared-responses.js';
import { call } from '../helpers/client.js';
import { uuid } from '../helpers/factories.js';
import { startPrism } from '../helpers/prism.js';
import type { Service } from '../helpers/service.js';

/** The first example of an operation's declared response, as the mock answers it. */
function exampleOf(operationId: string, status: string): unknown {
  const operation = readContract('.').operations.find((each) => each.operationId === operationId);
  return operation?.responses.find((response) => response.status === status)?.examples[0]?.[1];
}

// Patched Prism (patches/@stoplight+prism-http-server+5.16.0.patch, patches/@stoplight+prism-http+5.16.0.patch).
describe('the Prism mock (make mock) never dies and answers in problems', function () {
  this.timeout(60_000);
  let mock: Service;
  before(async () => {
    mock = await startPrism('mock');
  });
  after(async () => {
    await mock.close();
  });

  it('when a validation message names a member with characters outside Latin-1 (ü€), then 400 with sl-violations escaped as JSON, and the mock still answers', async () => {
    const reply = await call(mock, 'PATCH', '/api/notifications/settings', {
      body: { vips: { 'ü€': 5 } },
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    expect(reply.status).to.equal(400);
    const violations = JSON.parse(reply.headers.get('sl-violations') ?? '[]') as {
      location: string[];
      message: string;
    }[];
    expect(violations.map((violation) => violation.location)).to.deep.include(['request', 'body', 'vips', 'ü€']);
    expect((await call(mock, 'GET', '/api/notifications/settings')).status, 'the mock after it').to.equal(200);
  });

  it("when the body is malformed JSON, then the operation's 400 problem as application/problem+json, not Prism's invalid_json", async () => {
    const reply = await call(mock, 'PUT', '/api/chat/reads', { body: '{"streamId":' });
    expect(reply.status).to.equal(400);
    expect(reply.headers.get('content-type')).to.match(/^application\/problem\+json/);
    expect(reply.body).to.deep.equal(exampleOf('markRead', '400'));
    expect((await call(mock, 'POST', '/api/streams', { body: '{"title": "x",' })).body).to.deep.equal(
      exampleOf('createStream', '400'),
    );
  });

  it('when a list gets an empty cursor= or limit=, then 400 as from the service; a real cursor and no cursor are served', async () => {
    const statuses = await Promise.all(
      ['?cursor=', '?limit=', '?limit=2&cursor=', '?cursor=YXBwLmlvcy8xMjM', ''].map(
        async (query) => (await call(mock, 'GET', `/api/notifications/devices${query}`)).status,
      ),
    );
    expect(statuses).to.deep.equal([400, 400, 400, 200, 200]);
    expect((await call(mock, 'GET', `/api/chat/reads/${uuid()}?cursor=`)).status).to.equal(400);
  });
});

import { expect } from 'chai';
import { retrying } from '../../generated/client/index.js';
import { STREAM, clientOn, create, read, scripted } from '../helpers/client-scripted.js';

describe("the client's retries and keys (generated/client/retry.ts, client.ts)", () => {
  describe('Idempotency-Key', () => {
    it('when POSTs are sent, then each carries a new key, a quoted UUID (IETF draft), and other methods none', async () => {
      const fetch = scripted(201);
      const { client } = clientOn(fetch);
      await create(client);
      await create(client);
      await read(client);
      const keys = fetch.sent.map((each) => each.headers.get('Idempotency-Key'));
      expect(keys[0]).to.match(/^"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"$/);
      expect(keys[1]).to.not.equal(keys[0]);
      expect(keys[2]).to.equal(null);
    });
    it('when a POST is retried after 503, 429 and a network error, then every try sends the same key and body, and the last answer is returned', async () => {
      const fetch = scripted(503, 429, new TypeError('fetch failed'), 201);
      const { client, retries } = clientOn(fetch, { attempts: 4 });
      expect((await create(client)).data).to.deep.equal(STREAM);
      expect(new Set(fetch.sent.map((each) => each.headers.get('Idempotency-Key'))).size).to.equal(1);
      expect(fetch.sent.map((each) => each.body)).to.deep.equal(Array(4).fill('{"title":"t"}'));
      expect(retries.map((retry) => retry.status ?? 'network')).to.deep.equal([503, 429, 'network']);
    });
    it('when the call gives its own key (the declared header parameter), then that one is sent', async () => {
      const fetch = scripted(201);
      await create(clientOn(fetch).client, '"mine"');
      expect(fetch.sent.map((each) => each.headers.get('Idempotency-Key'))).to.deep.equal(['"mine"']);
    });
  });

  describe('what is retried', () => {
    it('when an idempotent call keeps getting 503, then it is tried `attempts` times and answers the 503', async () => {
      const fetch = scripted(503);
      expect((await read(clientOn(fetch).client)).response.status).to.equal(503);
      expect(fetch.sent).to.have.length(3); // the default
    });
    it('when a PATCH gets 503 or a network error, then it is not retried: a merge patch is not idempotent', async () => {
      for (const answer of [503, new TypeError('fetch failed')]) {
        const fetch = scripted(answer, 200);
        await clientOn(fetch)
          .client.PATCH('/api/streams/nav', { body: { sort: 'x' } })
          .catch(() => undefined);
        expect(fetch.sent, String(answer)).to.have.length(1);
      }
    });
    it('when the answer is another error (400, 409, 500), then it is not retried', async () => {
      for (const status of [400, 409, 500]) {
        const fetch = scripted(status, 200);
        expect((await read(clientOn(fetch).client)).response.status, String(status)).to.equal(status);
        expect(fetch.sent).to.have.length(1);
      }
    });
    it("when retries are off (the client's retry: false, or a call's own fetch: retrying(false)), then one try; a call's own retrying wins", async () => {
      const off = scripted(503, 200);
      await read(clientOn(off, false).client);
      const call = scripted(503, 503, 200);
      const { client } = clientOn(call);
      expect((await read(client, { fetch: retrying(false, call.fetch) })).response.status).to.equal(503);
      expect((await read(client, { fetch: retrying({ attempts: 2, backoffMs: 0 }, call.fetch) })).data).to.deep.equal(
        STREAM,
      );
      expect([off.sent.length, call.sent.length]).to.deep.equal([1, 3]);
    });
    it('when retrying gets a POST without a key, then it is sent once', async () => {
      const fetch = scripted(503, 201);
      const response = await retrying(
        { backoffMs: 0 },
        fetch.fetch,
      )(new Request('http://api.test/x', { method: 'POST' }));
      expect([response.status, fetch.sent.length]).to.deep.equal([503, 1]);
    });
  });
});

import { expect } from 'chai';
import { etagOf } from '../../generated/client/index.js';
import { clientOn, read, scripted } from '../helpers/client-scripted.js';

describe("the client's waits between tries, and ETags (generated/client/retry.ts, answers.ts)", () => {
  describe('Retry-After and the waits', () => {
    it('when Retry-After says seconds or a date, then the wait is that long', async () => {
      const fetch = scripted(
        { status: 503, headers: { 'Retry-After': '1' } },
        { status: 429, headers: { 'Retry-After': 'Thu, 01 Jan 2026 00:00:00 GMT' } },
        200,
      );
      const { client, retries } = clientOn(fetch);
      await read(client);
      expect(retries.map((retry) => retry.delayMs)).to.deep.equal([1000, 0]); // a date already past: at once
    });
    it('when Retry-After asks for longer than maxDelayMs, then the answer is returned without waiting', async () => {
      const fetch = scripted({ status: 429, headers: { 'Retry-After': '60' } }, 200);
      const { client, retries } = clientOn(fetch, { maxDelayMs: 5000 });
      expect((await read(client)).response.status).to.equal(429);
      expect([fetch.sent.length, retries.length]).to.deep.equal([1, 0]);
    });
    it('when there is no Retry-After, then the backoff doubles, with jitter: half to all of 8 ms, then of 16 ms', async () => {
      const fetch = scripted(503, 503, 200);
      const { client, retries } = clientOn(fetch, { backoffMs: 8 });
      await read(client);
      const [first, second] = retries.map((retry) => retry.delayMs);
      expect(first).to.be.within(4, 8);
      expect(second).to.be.within(8, 16);
    });
    it('when the signal aborts during a wait, then the call rejects with the abort and nothing more is sent', async () => {
      const fetch = scripted({ status: 503, headers: { 'Retry-After': '5' } }, 200);
      const controller = new AbortController();
      const { client } = clientOn(fetch, { onRetry: () => controller.abort() });
      const error = await read(client, { signal: controller.signal }).catch((caught: unknown) => caught);
      expect([(error as Error).name, fetch.sent.length]).to.deep.equal(['AbortError', 1]);
    });
  });

  describe('ETag, If-Match, If-None-Match', () => {
    it("when a call sends the ETag it read (the declared header parameters), then If-Match and If-None-Match carry it, and a 304 is the response's status", async () => {
      const fetch = scripted({ status: 200, headers: { ETag: '"v1"' } }, { status: 304, headers: { ETag: '"v1"' } });
      const { client } = clientOn(fetch);
      const etag = etagOf((await client.GET('/api/streams/nav')).response);
      await client.PATCH('/api/streams/nav', { params: { header: { 'If-Match': etag } }, body: { sort: 'x' } });
      const { data, response } = await client.GET('/api/streams/nav', {
        params: { header: { 'If-None-Match': etag } },
      });
      const [, patch, get] = fetch.sent;
      expect([etag, patch!.headers.get('If-Match'), get!.headers.get('If-None-Match')]).to.deep.equal(
        Array(3).fill('"v1"'),
      );
      expect([response.status, data, etagOf(response)]).to.deep.equal([304, undefined, '"v1"']);
      expect(etagOf(new Response(null))).to.equal(undefined);
    });
  });
});

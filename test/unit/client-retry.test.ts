import { expect } from 'chai';
import {
  Configuration,
  DevicesApi,
  NavigationApi,
  ResponseError,
  StreamsApi,
  etagOf,
  isNotModified,
  sendWithRetries,
  type RetryEvent,
  type RetryOptions,
} from '../../generated/client/index.js';

const STREAM = { id: '0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e', title: 't' };
type Answer = number | Error | { status: number; headers?: Record<string, string> };

/** A fetch that answers from a script, one answer per try (the last repeats), and records what each try sent. */
function scripted(...answers: Answer[]) {
  const sent: { method: string; headers: Headers; init: RequestInit }[] = [];
  const fetchApi = async (_url: string, init: RequestInit): Promise<Response> => {
    if (init.signal?.aborted) throw init.signal.reason;
    sent.push({ method: init.method ?? 'GET', headers: new Headers(init.headers), init });
    const answer = answers[Math.min(sent.length, answers.length) - 1]!;
    if (answer instanceof Error) throw answer;
    const { status, headers = {} } = typeof answer === 'number' ? { status: answer } : answer;
    return new Response(status === 304 ? null : JSON.stringify(status < 300 ? STREAM : { status }), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  };
  return { sent, fetchApi };
}

/** The client on that fetch, retrying without waiting unless told (backoff 0), its retries recorded. */
function clientOn(fetch: ReturnType<typeof scripted>, retry: RetryOptions | false = {}) {
  const retries: RetryEvent[] = [];
  const configuration = new Configuration({
    basePath: 'http://api.test',
    fetchApi: fetch.fetchApi,
    retry: retry === false ? false : { backoffMs: 0, onRetry: (event) => retries.push(event), ...retry },
  });
  return {
    streams: new StreamsApi(configuration),
    navigation: new NavigationApi(configuration),
    devices: new DevicesApi(configuration),
    retries,
  };
}
const create = (streams: StreamsApi, init?: Parameters<StreamsApi['createStream']>[1]) =>
  streams.createStream({ createStreamRequest: { title: 't' } }, init);
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );
const statusOf = (error: unknown) => (error instanceof ResponseError ? error.response.status : String(error));

describe("the client's retries and keys (generated/client/retry.ts, call-options.ts)", () => {
  describe('Idempotency-Key', () => {
    it('when POSTs are sent, then each carries a new key, a quoted UUID (IETF draft), and other methods none', async () => {
      const fetch = scripted(201);
      const { streams } = clientOn(fetch);
      await create(streams);
      await create(streams);
      await streams.getStream({ streamId: STREAM.id });
      const keys = fetch.sent.map((each) => each.headers.get('Idempotency-Key'));
      expect(keys[0]).to.match(/^"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"$/);
      expect(keys[1]).to.not.equal(keys[0]);
      expect(keys[2]).to.equal(null);
    });
    it('when a POST is retried after 503, 429 and a network error, then every try sends the same key and the last answer is returned', async () => {
      const fetch = scripted(503, 429, new TypeError('fetch failed'), 201);
      const { streams, retries } = clientOn(fetch, { attempts: 4 });
      expect(await create(streams)).to.deep.equal(STREAM);
      expect(new Set(fetch.sent.map((each) => each.headers.get('Idempotency-Key'))).size).to.equal(1);
      expect(retries.map((retry) => retry.status ?? 'network')).to.deep.equal([503, 429, 'network']);
    });
    it('when the caller gives a key (the option, or a header), then that one is sent', async () => {
      const fetch = scripted(201);
      const { streams } = clientOn(fetch);
      await create(streams, { idempotencyKey: '"mine"' });
      await create(streams, { headers: { 'idempotency-key': '"also-mine"' } });
      expect(fetch.sent.map((each) => each.headers.get('Idempotency-Key'))).to.deep.equal(['"mine"', '"also-mine"']);
    });
  });

  describe('what is retried', () => {
    it('when an idempotent call keeps getting 503, then it is tried `attempts` times and the 503 is thrown', async () => {
      const fetch = scripted(503);
      const { streams } = clientOn(fetch);
      expect(statusOf(await failure(streams.getStream({ streamId: STREAM.id })))).to.equal(503);
      expect(fetch.sent).to.have.length(3); // the default
    });
    it('when a PATCH gets 503 or a network error, then it is not retried: a merge patch is not idempotent', async () => {
      for (const answer of [503, new TypeError('fetch failed')]) {
        const fetch = scripted(answer, 200);
        const { navigation } = clientOn(fetch);
        await failure(navigation.patchNavigationPreferences({ navigationPatch: { sort: 'x' } }));
        expect(fetch.sent, String(answer)).to.have.length(1);
      }
    });
    it('when the answer is another error (400, 409, 500), then it is not retried', async () => {
      for (const status of [400, 409, 500]) {
        const fetch = scripted(status, 200);
        expect(
          statusOf(await failure(clientOn(fetch).streams.getStream({ streamId: STREAM.id }))),
          String(status),
        ).to.equal(status);
        expect(fetch.sent).to.have.length(1);
      }
    });
    it("when retries are off (Configuration retry: false, or a call's retry: false), then one try; a call's own options win", async () => {
      const off = scripted(503, 200);
      await failure(clientOn(off, false).streams.getStream({ streamId: STREAM.id }));
      const call = scripted(503, 503, 200);
      const { streams } = clientOn(call);
      await failure(streams.getStream({ streamId: STREAM.id }, { retry: false }));
      expect(await streams.getStream({ streamId: STREAM.id }, { retry: { attempts: 2 } })).to.deep.equal(STREAM);
      expect([off.sent.length, call.sent.length]).to.deep.equal([1, 3]);
    });
    it('when sendWithRetries gets a POST without a key, then it is sent once', async () => {
      const fetch = scripted(503, 201);
      const response = await sendWithRetries('http://api.test/x', { method: 'POST' }, { backoffMs: 0 }, (init) =>
        fetch.fetchApi('', init),
      );
      expect([response.status, fetch.sent.length]).to.deep.equal([503, 1]);
    });
  });

  describe('Retry-After and the waits', () => {
    it('when Retry-After says seconds or a date, then the wait is that long', async () => {
      const fetch = scripted(
        { status: 503, headers: { 'Retry-After': '1' } },
        { status: 429, headers: { 'Retry-After': 'Thu, 01 Jan 2026 00:00:00 GMT' } },
        200,
      );
      const { streams, retries } = clientOn(fetch);
      await streams.getStream({ streamId: STREAM.id });
      expect(retries.map((retry) => retry.delayMs)).to.deep.equal([1000, 0]); // a date already past: at once
    });
    it('when Retry-After asks for longer than maxDelayMs, then the answer is returned without waiting', async () => {
      const fetch = scripted({ status: 429, headers: { 'Retry-After': '60' } }, 200);
      const { streams, retries } = clientOn(fetch, { maxDelayMs: 5000 });
      expect(statusOf(await failure(streams.getStream({ streamId: STREAM.id })))).to.equal(429);
      expect([fetch.sent.length, retries.length]).to.deep.equal([1, 0]);
    });
    it('when there is no Retry-After, then the backoff doubles, with jitter: half to all of 8 ms, then of 16 ms', async () => {
      const fetch = scripted(503, 503, 200);
      const { streams, retries } = clientOn(fetch, { backoffMs: 8 });
      await streams.getStream({ streamId: STREAM.id });
      const [first, second] = retries.map((retry) => retry.delayMs);
      expect(first).to.be.within(4, 8);
      expect(second).to.be.within(8, 16);
    });
    it('when the signal aborts during a wait, then the call rejects with the abort and nothing more is sent', async () => {
      const fetch = scripted({ status: 503, headers: { 'Retry-After': '5' } }, 200);
      const controller = new AbortController();
      const { streams } = clientOn(fetch, { onRetry: () => controller.abort() });
      const error = await failure(streams.getStream({ streamId: STREAM.id }, { signal: controller.signal }));
      expect([(error as Error).name, fetch.sent.length]).to.deep.equal(['AbortError', 1]);
    });
  });

  describe('ETag, If-Match, If-None-Match', () => {
    it("when a call gives ifMatch or ifNoneMatch, then they go as headers (not as fetch options), and etagOf reads the answer's", async () => {
      const fetch = scripted({ status: 200, headers: { ETag: '"v1"' } });
      const { navigation } = clientOn(fetch);
      const { raw } = await navigation.getNavigationPreferencesRaw({});
      expect(etagOf(raw)).to.equal('"v1"');
      await navigation.patchNavigationPreferences({ navigationPatch: { sort: 'x' } }, { ifMatch: etagOf(raw) });
      await navigation.getNavigationPreferences({}, { ifNoneMatch: '"v1"', headers: { 'X-Request-Id': 'r' } });
      await navigation.getNavigationPreferences({ ifNoneMatch: '"v2"' }); // as openapi.yaml declares it, a generated parameter
      const [, patch, get, declared] = fetch.sent;
      expect([
        patch!.headers.get('If-Match'),
        get!.headers.get('If-None-Match'),
        get!.headers.get('X-Request-Id'),
      ]).to.deep.equal(['"v1"', '"v1"', 'r']);
      expect(declared!.headers.get('If-None-Match')).to.equal('"v2"');
      expect(get!.init).to.not.have.any.keys('ifNoneMatch', 'ifMatch', 'retry', 'idempotencyKey');
    });
    it('when an ifNoneMatch GET gets 304 (or a write 412), then isNotModified and etagOf read the thrown error', async () => {
      const { navigation } = clientOn(scripted({ status: 304, headers: { ETag: '"v1"' } }));
      const error = await failure(navigation.getNavigationPreferences({ ifNoneMatch: '"v1"' }));
      expect([isNotModified(error), etagOf(error), isNotModified(new Error('x')), etagOf(undefined)]).to.deep.equal([
        true,
        '"v1"',
        false,
        undefined,
      ]);
    });
  });
});

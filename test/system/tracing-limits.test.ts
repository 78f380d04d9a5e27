import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { call } from '../helpers/client.js';
import { OtlpReceiver } from '../helpers/otlp-receiver.js';
import { startServerProcess, stop } from '../helpers/process.js';
import { freshDataFile } from '../helpers/service.js';

const SERVER = 2;

describe('span attribute values are bounded (OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT, OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT)', function () {
  this.timeout(60_000);
  let receiver: OtlpReceiver;
  beforeEach(async () => {
    receiver = await new OtlpReceiver().start();
  });
  afterEach(async () => {
    await receiver.stop();
  });

  /** Serves with `env`, and resolves to the User-Agent each request's server span kept, request by request. */
  async function keptUserAgents(env: Record<string, string>, userAgents: string[]): Promise<unknown[]> {
    const server = await startServerProcess(await freshDataFile(), {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_BSP_SCHEDULE_DELAY: '20',
      ...env,
    });
    try {
      const kept = [];
      for (const userAgent of userAgents) {
        const traceId = randomBytes(16).toString('hex');
        const traceparent = `00-${traceId}-${randomBytes(8).toString('hex')}-01`;
        const reply = await call(server.service, 'GET', '/api/notifications/devices', {
          headers: { traceparent, 'user-agent': userAgent },
        });
        expect(reply.status).to.equal(200);
        const span = await receiver.eventually(() => receiver.trace(traceId).find((s) => s.kind === SERVER));
        kept.push(span.attributes['user_agent.original']);
      }
      return kept;
    } finally {
      await stop(server, 'SIGTERM');
    }
  }

  it('when neither variable is set, then a 60 KB User-Agent is kept as its first 1024 characters, and one of 1024 whole', async () => {
    const long = `agent/${'x'.repeat(60 * 1024)}`;
    const atLimit = `agent/${'y'.repeat(1024 - 6)}`;
    expect(await keptUserAgents({}, [long, atLimit])).to.deep.equal([long.slice(0, 1024), atLimit]);
  });

  it('when OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT is set, then a value at it is kept whole and one past it is cut to it', async () => {
    const [atLimit, past] = ['a'.repeat(100), 'b'.repeat(101)];
    expect(await keptUserAgents({ OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT: '100' }, [atLimit, past])).to.deep.equal([
      atLimit,
      past.slice(0, 100),
    ]);
  });

  it('when OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT is set too, then it wins for spans, as the specification says', async () => {
    const [atLimit, past] = ['c'.repeat(50), 'd'.repeat(51)];
    const env = { OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT: '100', OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT: '50' };
    expect(await keptUserAgents(env, [atLimit, past])).to.deep.equal([atLimit, past.slice(0, 50)]);
  });
});

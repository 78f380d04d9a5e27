import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { call } from '../helpers/client.js';
import { uuid } from '../helpers/factories.js';
import { needs } from '../helpers/needs.js';
import { OtlpReceiver, type ReceivedSpan } from '../helpers/otlp-receiver.js';
import { freshSchema, postgresUnavailable } from '../helpers/postgres.js';
import { startServerProcess, stop, type ServerProcess } from '../helpers/process.js';
import { freshDataFile } from '../helpers/service.js';

const SERVER = 2;
/** A caller's trace: its span is the parent of the server span (W3C Trace Context). */
const caller = () => ({ traceId: randomBytes(16).toString('hex'), spanId: randomBytes(8).toString('hex') });
const traceparent = ({ traceId, spanId }: { traceId: string; spanId: string }) => `00-${traceId}-${spanId}-01`;

/** The request lines of the server's log, parsed. */
const logLines = (server: ServerProcess) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes('"requestId"'))
    .map((line) => JSON.parse(line));

/** Whether `span` descends from `ancestor` within `spans`. */
function descends(span: ReceivedSpan, ancestor: ReceivedSpan, spans: ReceivedSpan[]): boolean {
  for (
    let parent = spans.find((s) => s.spanId === span.parentSpanId);
    parent;
    parent = spans.find((s) => s.spanId === parent!.parentSpanId)
  ) {
    if (parent.spanId === ancestor.spanId) return true;
  }
  return false;
}

describe('OpenTelemetry tracing (OTEL_* variables) to an OTLP/HTTP receiver', () => {
  let receiver: OtlpReceiver;
  beforeEach(async () => {
    receiver = await new OtlpReceiver().start();
  });
  afterEach(async () => {
    await receiver.stop();
  });
  const otel = (protocol: string) => ({
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
    OTEL_BSP_SCHEDULE_DELAY: '20',
    OTEL_SERVICE_NAME: 'collab-under-test',
  });

  for (const protocol of ['http/protobuf', 'http/json']) {
    it(`when a write comes with a traceparent (${protocol}), then its trace holds a server span named by route, with the journal commit under it, and its log line holds the ids`, async () => {
      const server = await startServerProcess(await freshDataFile(), otel(protocol));
      try {
        const from = caller();
        const reply = await call(server.service, 'PATCH', '/api/identity/settings/work', {
          headers: { traceparent: traceparent(from), tracestate: 'vendor=opaque' },
          body: { patch: { a: 1 } },
        });
        expect(reply.status).to.equal(200);
        const root = await receiver.eventually(() => receiver.trace(from.traceId).find((span) => span.kind === SERVER));
        expect(root).to.include({
          name: 'PATCH /api/identity/settings/{namespace}',
          parentSpanId: from.spanId,
          traceState: 'vendor=opaque',
          status: 0,
        });
        expect(root.attributes).to.include({
          'http.route': '/api/identity/settings/{namespace}',
          'http.request.method': 'PATCH',
          'http.response.status_code': '200',
          'url.path': '/api/identity/settings/work',
        });
        expect(root.resource).to.include({ 'service.name': 'collab-under-test' });
        const commit = await receiver.eventually(() =>
          receiver.trace(from.traceId).find((span) => span.name === 'lowdb journal commit'),
        );
        expect(commit.attributes).to.include({ 'db.system.name': 'lowdb', 'db.operation.batch.size': '1' });
        expect(descends(commit, root, receiver.trace(from.traceId)), 'the commit is under the request').to.equal(true);
        expect(
          receiver.requests.every((type) =>
            type.startsWith(protocol === 'http/json' ? 'application/json' : 'application/x-protobuf'),
          ),
        ).to.equal(true);
        const line = await receiver.eventually(() =>
          logLines(server).find((entry) => entry.requestId === reply.headers.get('x-request-id')),
        );
        expect(line).to.include({ trace_id: from.traceId, span_id: root.spanId });
      } finally {
        await stop(server, 'SIGTERM');
      }
    });
  }

  it('when a request fails or matches no route, then its server span says so; a request without traceparent starts a trace of its own', async () => {
    const server = await startServerProcess(await freshDataFile(), {
      ...otel('http/protobuf'),
      AUTH_JWT_SECRET: 'x'.repeat(40),
    });
    try {
      const refused = await call(server.service, 'GET', `/api/streams/${uuid()}`);
      expect(refused.status).to.equal(401);
      const line = await receiver.eventually(() =>
        logLines(server).find((entry) => entry.requestId === refused.headers.get('x-request-id')),
      );
      const span = await receiver.eventually(() => receiver.spans.find((s) => s.spanId === line.span_id));
      expect(span).to.include({
        name: 'GET /api/streams/{streamId}',
        kind: SERVER,
        parentSpanId: '',
        traceId: line.trace_id,
      });
      expect(span.attributes).to.include({ 'http.response.status_code': '401' });
      const lost = await call(server.service, 'GET', `/no/such/${uuid()}`);
      const unmatched = await receiver.eventually(() =>
        logLines(server).find((entry) => entry.requestId === lost.headers.get('x-request-id')),
      );
      expect(unmatched.route).to.equal('unmatched');
      const bare = await receiver.eventually(() => receiver.spans.find((s) => s.spanId === unmatched.span_id));
      expect(bare.name, 'no route: the method alone, as the conventions say').to.equal('GET');
      expect(bare.attributes).to.not.have.property('http.route');
    } finally {
      await stop(server, 'SIGTERM');
    }
  });

  it('when OTEL_BSP_MAX_EXPORT_BATCH_SIZE is 1, then each span is exported in a request of its own', async () => {
    const server = await startServerProcess(await freshDataFile(), {
      ...otel('http/json'),
      OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '1',
    });
    try {
      await call(server.service, 'PATCH', '/api/streams/nav', { body: { sort: 'recent' } });
    } finally {
      await stop(server, 'SIGTERM'); // shutdown exports what is left
    }
    expect(receiver.spans.length).to.be.at.least(3);
    expect(receiver.requests.length).to.equal(receiver.spans.length);
  });

  it("when the store is PostgreSQL, then the request's trace holds a span for each statement, with db.system.name", async function () {
    needs(this, await postgresUnavailable());
    const schema = await freshSchema();
    const server = await startServerProcess(await freshDataFile(), {
      ...otel('http/protobuf'),
      DATABASE_URL: schema.url,
    });
    try {
      const from = caller();
      expect(
        (
          await call(server.service, 'PATCH', '/api/streams/nav', {
            headers: { traceparent: traceparent(from) },
            body: { sort: 'pg' },
          })
        ).status,
      ).to.equal(200);
      const root = await receiver.eventually(() => receiver.trace(from.traceId).find((span) => span.kind === SERVER));
      const statements = await receiver.eventually(() => {
        const found = receiver
          .trace(from.traceId)
          .filter((span) => span.attributes['db.system.name'] === 'postgresql' && span.name.startsWith('pg.query'));
        return found.some((span) => span.attributes['db.query.text'] === 'COMMIT') ? found : undefined;
      });
      for (const statement of statements)
        expect(descends(statement, root, receiver.trace(from.traceId)), statement.name).to.equal(true);
      expect(receiver.spans.filter((span) => span.name === 'lowdb journal commit')).to.deep.equal([]);
    } finally {
      await stop(server, 'SIGTERM');
      await schema.drop();
    }
  });
});

describe('OpenTelemetry tracing, not asked for', () => {
  it('when no OTEL_ variable turns it on (or OTEL_SDK_DISABLED=true), then nothing is sent, even to the default endpoint, and log lines hold no trace ids', async function () {
    const atDefault = await defaultEndpointReceiver();
    needs(this, atDefault ? undefined : 'port 4318 (the default OTLP endpoint) free on 127.0.0.1, to listen there');
    const elsewhere = await new OtlpReceiver().start();
    try {
      // Settings that shape traces but turn none on, then an endpoint with the SDK disabled.
      const settings: Record<string, string>[] = [
        { OTEL_SERVICE_NAME: 'x', OTEL_BSP_SCHEDULE_DELAY: '20', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' },
        { OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: elsewhere.url, OTEL_BSP_SCHEDULE_DELAY: '20' },
      ];
      for (const env of settings) {
        const server = await startServerProcess(await freshDataFile(), env);
        await call(server.service, 'PATCH', '/api/streams/nav', {
          headers: { traceparent: traceparent(caller()) },
          body: { sort: 'recent' },
        });
        await call(server.service, 'GET', '/api/streams/nav');
        await stop(server, 'SIGTERM'); // after exit, whatever it would have exported is sent
        expect(
          logLines(server).some((line) => 'trace_id' in line),
          JSON.stringify(env),
        ).to.equal(false);
      }
      expect([...atDefault!.requests, ...elsewhere.requests]).to.deep.equal([]);
    } finally {
      await atDefault?.stop();
      await elsewhere.stop();
    }
  });
});

/** A receiver on 127.0.0.1:4318, where the SDK would send by default; undefined when the port is taken. */
async function defaultEndpointReceiver(): Promise<OtlpReceiver | undefined> {
  return new OtlpReceiver().start(4318).catch(() => undefined);
}

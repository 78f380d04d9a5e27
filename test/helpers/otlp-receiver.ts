import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

// The OTLP messages as the opentelemetry-proto repository defines them, compiled by protobufjs: the generated
// code @opentelemetry/otlp-transformer shipped up to 0.57 (installed as otlp-proto-definitions).
const { opentelemetry } = createRequire(import.meta.url)('otlp-proto-definitions/build/src/generated/root.js');
/* eslint-disable @typescript-eslint/no-explicit-any -- protobufjs's generated messages are untyped here */
const ExportRequest: any = opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
const ExportResponse: any = opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;

/** A span as received, its ids in hex as traces show them. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  traceState: string;
  name: string;
  /** 1 internal, 2 server, 3 client (SpanKind). */
  kind: number;
  attributes: Record<string, unknown>;
  /** 0 unset, 1 ok, 2 error. */
  status: number;
  resource: Record<string, unknown>;
  scope: string;
}

/**
 * An OTLP/HTTP trace receiver on a real port, as a collector is: POST /v1/traces in protobuf
 * (application/x-protobuf) or JSON (application/json), gzipped or not, each decoded with the
 * official message definitions. The JSON form differs from protobuf's JSON mapping in its ids
 * (hex, not base64): they are turned into bytes first, and the rest is read by the definitions.
 */
export class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  /** The content type of each export request. */
  readonly requests: string[] = [];
  private server: Server | undefined;
  url = '';

  async start(port = 0, host = '127.0.0.1'): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        const body = req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
        const type = req.headers['content-type'] ?? '';
        if (req.method !== 'POST' || req.url !== '/v1/traces') return void res.writeHead(404).end();
        this.requests.push(type);
        const json = type.startsWith('application/json');
        this.spans.push(
          ...spansOf(
            json ? ExportRequest.fromObject(hexIdsToBase64(JSON.parse(String(body)))) : ExportRequest.decode(body),
          ),
        );
        res.writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' });
        res.end(json ? '{}' : Buffer.from(ExportResponse.encode(ExportResponse.create({})).finish()));
      });
    });
    this.server.listen(port, host);
    await once(this.server, 'listening');
    this.url = `http://${host}:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** The spans of one trace. */
  trace(traceId: string): ReceivedSpan[] {
    return this.spans.filter((span) => span.traceId === traceId);
  }

  /** Waits, for at most `tries` turns of 20 ms, until `found` returns something. */
  async eventually<T>(found: () => T | undefined, tries = 500): Promise<T> {
    for (let turn = 0; turn < tries; turn++) {
      const result = found();
      if (result !== undefined) return result;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`not received; spans so far: ${this.spans.map((span) => span.name).join(', ')}`);
  }
}

function spansOf(message: any): ReceivedSpan[] {
  const request = ExportRequest.toObject(message, { longs: String, enums: Number, bytes: String, defaults: true });
  return request.resourceSpans.flatMap((resourceSpans: any) =>
    resourceSpans.scopeSpans.flatMap((scopeSpans: any) =>
      scopeSpans.spans.map((span: any) => ({
        traceId: hex(span.traceId),
        spanId: hex(span.spanId),
        parentSpanId: hex(span.parentSpanId),
        traceState: span.traceState,
        name: span.name,
        kind: span.kind,
        attributes: attributesOf(span.attributes),
        status: span.status?.code ?? 0,
        resource: attributesOf(resourceSpans.resource?.attributes ?? []),
        scope: scopeSpans.scope?.name ?? '',
      })),
    ),
  );
}

function attributesOf(list: { key: string; value: Record<string, unknown> }[]): Record<string, unknown> {
  return Object.fromEntries(
    list.map(({ key, value }) => [
      key,
      value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue ?? value,
    ]),
  );
}

const hex = (base64: string) => Buffer.from(base64 ?? '', 'base64').toString('hex');

/** OTLP/JSON's trace and span ids are hex; protobuf's JSON mapping (fromObject) reads bytes as base64. */
function hexIdsToBase64(request: any): any {
  for (const resourceSpans of request.resourceSpans ?? []) {
    for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
      for (const span of scopeSpans.spans ?? []) {
        for (const field of ['traceId', 'spanId', 'parentSpanId'])
          if (span[field]) span[field] = Buffer.from(span[field], 'hex').toString('base64');
        for (const link of span.links ?? [])
          for (const field of ['traceId', 'spanId'])
            if (link[field]) link[field] = Buffer.from(link[field], 'hex').toString('base64');
      }
    }
  }
  return request;
}

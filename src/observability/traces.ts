import type { IncomingMessage } from 'node:http';
import { context, SpanStatusCode, trace, type Attributes, type Context, type Span } from '@opentelemetry/api';
import { getRPCMetadata } from '@opentelemetry/core';

// What the service's own code does for traces. Until src/tracing.ts has started the SDK, every
// function here returns at its first line, so traces off cost a test of one boolean.

let tracing = false;
let routeOf: ((req: IncomingMessage) => string | undefined) | undefined;

/** Called once the SDK is started (src/observability/tracing-sdk.ts). */
export function markTracing(): void {
  tracing = true;
}

/** Whether traces are being made. */
export function isTracing(): boolean {
  return tracing;
}

/** The observer names requests (logs, metrics) with this; server spans are named the same way. */
export function nameRoutesWith(name: (req: IncomingMessage) => string | undefined): void {
  routeOf = name;
}

/** The route template a request is named by, for its server span; undefined for none. */
export function routeOfRequest(req: IncomingMessage): string | undefined {
  return routeOf?.(req);
}

/** The ids of the request's server span, for its log line (the field names of OpenTelemetry's pino instrumentation). */
export interface TraceIds {
  trace_id: string;
  span_id: string;
}

/** The server span of the request being handled; its ids, once tracing is on and a span is being recorded. */
export function currentTraceIds(): TraceIds | undefined {
  if (!tracing) return undefined;
  // The HTTP instrumentation keeps the server span here; the active span may be an Express layer's.
  const span = getRPCMetadata(context.active())?.span ?? trace.getSpan(context.active());
  const ids = span?.spanContext();
  return ids && trace.isSpanContextValid(ids) ? { trace_id: ids.traceId, span_id: ids.spanId } : undefined;
}

/** Where a unit of work was asked for: a store keeps it with the work, to hang its spans under the request. */
export type TraceParent = Context;

/** The context of the request being handled, once tracing is on. */
export function traceParent(): TraceParent | undefined {
  return tracing ? context.active() : undefined;
}

/**
 * Runs `work` (done once for several requests, such as one group commit) inside a span under each
 * request's span in `parents`, so that every request's trace shows it; without tracing, just runs it.
 */
export async function inChildSpans<T>(
  name: string,
  attributes: () => Attributes,
  parents: () => Iterable<TraceParent | undefined>,
  work: () => Promise<T>,
): Promise<T> {
  if (!tracing) return work();
  const tracer = trace.getTracer('collab-service');
  const spans = new Map<string, Span>();
  for (const parent of parents()) {
    const parentId = parent && trace.getSpan(parent)?.spanContext().spanId;
    if (parentId !== undefined && !spans.has(parentId))
      spans.set(parentId, tracer.startSpan(name, { attributes: attributes() }, parent));
  }
  try {
    const result = await work();
    for (const span of spans.values()) span.end();
    return result;
  } catch (error) {
    for (const span of spans.values()) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    throw error;
  }
}

import { Counter, Gauge, Histogram } from 'prom-client';

const requestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request arriving to its response finishing, by method (or "other"), route template (or "unmatched") and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

/** Methods labelled by name; Node's parser takes some 30 more (PROPFIND, MKCOL, …), which share one label. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
export const OTHER_METHOD = 'other';

/** Counts one finished response; `route` is a template, never a raw path, an id or a user. */
export function recordRequest(method: string, route: string, status: number, seconds: number): void {
  requestDuration.observe({ method: METHODS.has(method) ? method : OTHER_METHOD, route, status }, seconds);
}

/** Requests whose response has not finished (nor their client gone): what the process is working on, probes included. */
export const requestsInFlight = new Gauge({
  name: 'http_requests_in_flight',
  help: 'Requests being served: arrived, and their response not finished nor their client gone.',
});

/** Requests counted against MAX_IN_FLIGHT: admitted under /api by authentication, and not yet done. */
export const admittedInFlight = new Gauge({
  name: 'http_admitted_requests_in_flight',
  help: 'Requests admitted under /api (authenticated) and not yet done: what MAX_IN_FLIGHT bounds.',
});

/** Declared body bytes counted against MAX_IN_FLIGHT_BYTES. */
export const admittedBytesInFlight = new Gauge({
  name: 'http_admitted_body_bytes_in_flight',
  help: 'Declared body bytes of the admitted requests in flight: what MAX_IN_FLIGHT_BYTES bounds.',
});

/**
 * The reasons a request is refused rather than served, by the problem type it is answered with:
 * the service's capacity and limits, the store, authentication, the Host check. /readyz's answers
 * (stopping, not ready) are a probe doing its job, not refusals, and are not counted.
 */
export const REFUSAL_REASONS = [
  'overloaded',
  'rate-limited',
  'quota-exceeded',
  'storage-full',
  'unavailable',
  'unauthenticated',
  'host-not-allowed',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

const refused = new Counter({
  name: 'http_requests_refused_total',
  help: 'Requests refused instead of served, by reason: the problem type they were answered with.',
  labelNames: ['reason'] as const,
});
for (const reason of REFUSAL_REASONS) refused.inc({ reason }, 0); // every reason listed from the start, so rate() sees the first

/** Counts a refusal when `kind` (a problem type) is one of REFUSAL_REASONS. */
export function countRefusal(kind: string): void {
  if ((REFUSAL_REASONS as readonly string[]).includes(kind)) refused.inc({ reason: kind });
}

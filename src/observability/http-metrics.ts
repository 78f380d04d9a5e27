import { Histogram } from 'prom-client';

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

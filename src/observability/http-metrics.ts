import { Histogram } from 'prom-client';

const requestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request arriving to its response finishing, by method, route template (or "unmatched") and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

/** Counts one finished response; `route` is a template, never a raw path, an id or a user. */
export function recordRequest(method: string, route: string, status: number, seconds: number): void {
  requestDuration.observe({ method, route, status }, seconds);
}

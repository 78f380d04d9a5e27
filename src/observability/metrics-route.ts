import { Router } from 'express';
import { collectDefaultMetrics, register } from 'prom-client';
import './store-metrics.js'; // listed from the start, before a store has committed anything

/** prom-client names these gauges with `_total`, which Prometheus keeps for counters (promtool says so); their per-type twins stay. */
const MISNAMED = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];

let collecting = false;

/** The Node.js process's own metrics (CPU, memory, event loop, GC), once per process. */
export function collectProcessMetrics(): void {
  if (collecting) return;
  collecting = true;
  collectDefaultMetrics();
  for (const name of MISNAMED) register.removeSingleMetric(name);
}

/** GET /metrics: every registered metric in Prometheus text format, for scraping. */
export function metricsRoutes(): Router {
  return Router().get('/metrics', async (_req, res) => {
    res.type(register.contentType).send(await register.metrics());
  });
}

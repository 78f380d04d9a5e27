import { getHeapStatistics } from 'node:v8';
import { Router } from 'express';
import { collectDefaultMetrics, Gauge, register } from 'prom-client';
import './store-metrics.js'; // listed from the start, before a store has committed anything

/** prom-client names these gauges with `_total`, which Prometheus keeps for counters (promtool says so); their per-type twins stay. */
const MISNAMED = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];

let collecting = false;

/** The Node.js process's own metrics (CPU, memory, event loop, GC), and its heap limit, once per process. */
export function collectProcessMetrics(): void {
  if (collecting) return;
  collecting = true;
  collectDefaultMetrics();
  for (const name of MISNAMED) register.removeSingleMetric(name);
  // prom-client shows the heap in use (nodejs_heap_size_used_bytes), not what it may grow to: an alert needs both.
  new Gauge({
    name: 'nodejs_heap_size_limit_bytes',
    help: "V8's heap limit (--max-old-space-size, else the machine's): past it the process dies of out-of-memory.",
    collect() {
      this.set(getHeapStatistics().heap_size_limit);
    },
  });
}

/** GET /metrics: every registered metric in Prometheus text format, for scraping. */
export function metricsRoutes(): Router {
  return Router().get('/metrics', async (_req, res) => {
    res.type(register.contentType).send(await register.metrics());
  });
}

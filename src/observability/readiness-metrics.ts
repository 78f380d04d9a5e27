import { Gauge } from 'prom-client';

let readReady: (() => boolean) | undefined;
let gauge: Gauge | undefined;

/**
 * The service calls this once its app is built: service_ready reads `ready` at each scrape (registered by the first
 * call, so a process that reports none, the sandbox, shows none), so an instance that is up but not ready can alert.
 */
export function reportReadiness(ready: () => boolean): void {
  readReady = ready;
  gauge ??= new Gauge({
    name: 'service_ready',
    help: '1 while /readyz answers 200 (not shutting down; the store usable, or unusable for less than READINESS_STORE_GRACE, as the probes found it), else 0.',
    collect() {
      if (readReady) this.set(readReady() ? 1 : 0);
    },
  });
}

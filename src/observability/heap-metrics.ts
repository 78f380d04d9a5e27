import { Gauge } from 'prom-client';
import type { HeapFigures } from '../lib/heap-watch.js';

let readFigures: (() => HeapFigures) | undefined;

/**
 * The service calls this once its heap's guard is made (lib/heap-watch.ts): heap_live_bytes and heap_reserved_bytes read
 * `read` at each scrape (registered by the first call, so a process without a guard shows none). A write that would grow
 * the embedded store gets 507 once a collection leaves the live heap and the reserve past nodejs_heap_size_limit_bytes.
 */
export function reportHeap(read: () => HeapFigures): void {
  if (!readFigures) {
    new Gauge({
      name: 'heap_live_bytes',
      help: 'The heap in use just after the latest full collection: what the process holds (its store, its buffers, the requests then in flight), garbage not counted.',
      collect() {
        if (readFigures) this.set(readFigures().liveBytes);
      },
    });
    new Gauge({
      name: 'heap_reserved_bytes',
      help: 'The heap kept free beside heap_live_bytes at that collection: 24 times the body bytes that might yet be admitted (MAX_IN_FLIGHT_BYTES less those then in flight), twice LOG_BUFFER_MAX_BYTES, and 64 MiB to run.',
      collect() {
        if (readFigures) this.set(readFigures().reservedBytes);
      },
    });
  }
  readFigures = read;
}

import { expect } from 'chai';
import {
  HEAP_BASE_BYTES,
  HEAP_PER_BODY_BYTE,
  HEAP_PER_LOG_BYTE,
  HEAP_PER_STORED_BYTE,
} from '../../src/config/heap-budget.js';
import { loadConfig } from '../../src/config/load-config.js';
import { HeapWatch, type HeapReading } from '../../src/lib/heap-watch.js';

const MIB = 1024 ** 2;
/** The heap the settings need: what checkHeap compares with the heap limit (the log lines held at their default, 16 MiB). */
const needed = (storeMaxBytes: number, inFlightBytes: number, logBufferBytes = 16 * MIB) =>
  HEAP_BASE_BYTES +
  HEAP_PER_BODY_BYTE * inFlightBytes +
  HEAP_PER_LOG_BYTE * logBufferBytes +
  HEAP_PER_STORED_BYTE * storeMaxBytes;

describe('the heap limit against the stated size (STORE_MAX_BYTES, MAX_IN_FLIGHT_BYTES, LOG_BUFFER_MAX_BYTES, --max-old-space-size)', () => {
  it('when the heap holds exactly what the settings need, then the service starts; one byte less refuses, naming both numbers and what to set', () => {
    const env = { STORE_MAX_BYTES: '256mb', MAX_IN_FLIGHT_BYTES: '8mb' };
    const heap = needed(256 * MIB, 8 * MIB);
    expect(loadConfig(env, heap).limits.storeMaxBytes).to.equal(256 * MIB);
    expect(() => loadConfig(env, heap - 1)).to.throw(
      `STORE_MAX_BYTES=256mb (3 × its size), MAX_IN_FLIGHT_BYTES=8mb and LOG_BUFFER_MAX_BYTES=16mb need a heap of ${Math.round(heap / MIB)}mb (24 × the bodies in flight, 2 × the log lines held, 64mb to run), but this process's heap limit is ${Math.round((heap - 1) / MIB)}mb: set NODE_OPTIONS=--max-old-space-size=${Math.ceil(heap / MIB)}, or at most STORE_MAX_BYTES=255mb`,
    );
  });

  it('when LOG_BUFFER_MAX_BYTES is raised, then the heap must hold twice it too: the heap that holds it starts, one more KiB of lines held refuses', () => {
    const heap = needed(256 * MIB, 8 * MIB, 64 * MIB);
    const env = { STORE_MAX_BYTES: '256mb', MAX_IN_FLIGHT_BYTES: '8mb' };
    expect(loadConfig({ ...env, LOG_BUFFER_MAX_BYTES: '64mb' }, heap).limits.logBufferBytes).to.equal(64 * MIB);
    expect(() => loadConfig({ ...env, LOG_BUFFER_MAX_BYTES: '65537kb' }, heap)).to.throw(
      `STORE_MAX_BYTES=256mb (3 × its size), MAX_IN_FLIGHT_BYTES=8mb and LOG_BUFFER_MAX_BYTES=65537kb need a heap of ${Math.round(heap / MIB)}mb (24 × the bodies in flight, 2 × the log lines held, 64mb to run), but this process's heap limit is ${Math.round(heap / MIB)}mb: set NODE_OPTIONS=--max-old-space-size=${Math.ceil((heap + 2048) / MIB)}, or at most STORE_MAX_BYTES=255mb`,
    );
  });

  it('when STORE_MAX_BYTES is unset and the heap holds less than its default, then the stated size is what it holds, and a warning says so', () => {
    const heap = needed(100 * MIB, 8 * MIB);
    const config = loadConfig({}, heap);
    expect(config.limits.storeMaxBytes).to.equal(100 * MIB);
    expect(config.warnings).to.deep.equal([
      `The stated size is 100 MiB, not 512 MiB: that is what this process's heap limit of ${Math.round(heap / MIB)} MiB holds (NODE_OPTIONS=--max-old-space-size sets it; docs/operators/storage.md)`,
    ]);
    expect(loadConfig({}, needed(512 * MIB, 8 * MIB)).warnings, 'room for the default: no warning').to.deep.equal([]);
    expect(loadConfig({}, needed(512 * MIB, 8 * MIB)).limits.storeMaxBytes).to.equal(512 * MIB);
  });

  it('when the store is PostgreSQL, then only the bodies in flight count against the heap', () => {
    const env = { DATABASE_URL: 'postgres://collab@127.0.0.1/collab', MAX_IN_FLIGHT_BYTES: '8mb' };
    expect(loadConfig(env, needed(0, 8 * MIB)).limits.storeMaxBytes).to.equal(512 * MIB);
    expect(() => loadConfig(env, needed(0, 8 * MIB) - 1)).to.throw(
      'MAX_IN_FLIGHT_BYTES=8mb and LOG_BUFFER_MAX_BYTES=16mb need a heap of 288mb (24 × the bodies in flight, 2 × the log lines held, 64mb to run)',
    );
  });

  it('when unset, then MAX_IN_FLIGHT_BYTES is 8 MiB: parsed, the worst bodies of it take under 200 MiB', () => {
    expect(loadConfig({}).limits.inFlightBytes).to.equal(8 * MIB);
  });
});

describe('HeapWatch: whether the heap keeps its reserve free', () => {
  const watch = (reading: HeapReading) => new HeapWatch(100, () => reading);

  it('when a full collection leaves exactly the reserve free, then it is not full; one byte less, then it is', () => {
    const reading = { used: 900, limit: 1000 };
    const exact = watch(reading);
    exact.afterFullCollection();
    expect(exact.full).to.equal(false);
    reading.used = 901;
    exact.afterFullCollection();
    expect(exact.full).to.equal(true);
    exact.stop();
  });

  it('when the heap is read between collections, then garbage does not make it full, and a full heap freed shows without waiting for the next collection', async () => {
    const reading = { used: 999, limit: 1000 };
    const heap = watch(reading);
    expect(heap.full, 'nothing decided before a full collection').to.equal(false);
    heap.afterFullCollection();
    expect(heap.full).to.equal(true);
    reading.used = 10;
    // Read again once a second while full: waited for, however slow the machine.
    for (let waited = 0; heap.full && waited < 30_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    expect(heap.full).to.equal(false);
    heap.stop();
  });
});

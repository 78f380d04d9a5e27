import { expect } from 'chai';
import {
  HEAP_BASE_BYTES,
  HEAP_PER_BODY_BYTE,
  HEAP_PER_LOG_BYTE,
  HEAP_PER_STORED_BYTE,
  heapReserveBytes,
} from '../../src/config/heap-budget.js';
import { loadConfig } from '../../src/config/load-config.js';
import { HeapWatch } from '../../src/lib/heap-watch.js';

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

describe('HeapWatch: whether the heap keeps its reserve free beside what is held', () => {
  /** A heap of 1000 bytes whose use is `heap.used`; a collection leaves `heap.live` and takes `heap.takes` ms. */
  const aHeap = (used: number, live: number, reserve = 100) => {
    const heap = { used, live, reserve, takes: 10, now: 0, collections: 0 };
    const watch = new HeapWatch(() => heap.reserve, {
      read: () => ({ used: heap.used, limit: 1000 }),
      collect: () => {
        heap.collections++;
        heap.now += heap.takes;
        heap.used = heap.live;
        return true;
      },
      clock: () => heap.now,
    });
    return { heap, watch };
  };

  it('when the heap in use, garbage and all, leaves exactly the reserve free, then there is room and nothing is collected; one byte more, then a collection decides', () => {
    const { heap, watch } = aHeap(900, 900);
    expect(watch.hasRoom()).to.equal(true);
    expect(heap.collections).to.equal(0);
    heap.used = heap.live = 901;
    expect(watch.hasRoom()).to.equal(false);
    expect(heap.collections).to.equal(1);
  });

  it('when garbage takes the room and no full collection has run since, then one is made at once and the write has room: no timer is waited for', () => {
    const { heap, watch } = aHeap(990, 300);
    expect(watch.hasRoom()).to.equal(true);
    expect(heap.collections).to.equal(1);
    expect(watch.figures()).to.deep.equal({ liveBytes: 300, reservedBytes: 100 });
  });

  it("when V8's latest full collection left room, then garbage made since refuses nothing and nothing is collected", () => {
    const { heap, watch } = aHeap(300, 300);
    watch.afterFullCollection();
    heap.used = 999; // garbage
    expect(watch.hasRoom()).to.equal(true);
    expect(heap.collections).to.equal(0);
  });

  it("when V8's latest full collection found no room but what it held is gone, then a collection now finds the room (the decision is not kept)", () => {
    const { heap, watch } = aHeap(950, 950);
    watch.afterFullCollection(); // the requests then in flight held 650 of it
    heap.live = 300;
    expect(watch.hasRoom()).to.equal(true);
    expect(heap.collections).to.equal(1);
  });

  it('when the bodies in flight take their share, then the reserve for them shrinks by as much: what was in use then is judged with the reserve of then', () => {
    const { heap, watch } = aHeap(950, 950, 10); // a reserve of 10 while bodies in flight take their share of the 950
    watch.afterFullCollection();
    heap.reserve = 100; // they are done
    expect(watch.hasRoom(), 'as the collection left it').to.equal(true);
    expect(heap.collections).to.equal(0);
    expect(watch.figures(), 'what the guard judged by').to.deep.equal({ liveBytes: 950, reservedBytes: 10 });
  });

  it('when what is held needs the room, then growth is refused, and no collection is made again until nine times the last one took has passed', () => {
    const { heap, watch } = aHeap(950, 950);
    expect(watch.hasRoom()).to.equal(false);
    expect(heap.collections).to.equal(1);
    heap.now += 89;
    expect(watch.hasRoom(), 'within 90 ms of a collection of 10 ms').to.equal(false);
    expect(heap.collections).to.equal(1);
    heap.now += 1;
    heap.live = 300; // deleted meanwhile
    expect(watch.hasRoom()).to.equal(true);
    expect(heap.collections).to.equal(2);
  });

  it('when the collector is not given, then growth is judged on what is in use', () => {
    const watch = new HeapWatch(() => 100, { read: () => ({ used: 950, limit: 1000 }), collect: () => false });
    expect(watch.hasRoom()).to.equal(false);
  });
});

describe('heapReserveBytes: the reserve of the moment', () => {
  it('when body bytes are in flight, then 24 times them is in use already and not reserved again; past MAX_IN_FLIGHT_BYTES, nothing is reserved for bodies', () => {
    const limits = { inFlightBytes: 8 * MIB, logBufferBytes: 16 * MIB };
    const none = HEAP_BASE_BYTES + HEAP_PER_LOG_BYTE * 16 * MIB;
    expect(heapReserveBytes(limits)).to.equal(none + HEAP_PER_BODY_BYTE * 8 * MIB);
    expect(heapReserveBytes(limits, 2 * MIB)).to.equal(none + HEAP_PER_BODY_BYTE * 6 * MIB);
    expect(heapReserveBytes(limits, 9 * MIB)).to.equal(none);
  });
});

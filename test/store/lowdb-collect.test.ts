import { expect } from 'chai';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { runInNewContext } from 'node:vm';
import { collectAllGarbage } from '../../src/lib/collect-garbage.js';
import { openLowdbStore } from '../../src/store/lowdb/lowdb-store.js';
import { freshDataFile } from '../helpers/service.js';

/** The full collections of last resort (every collectable byte, memory-reducing) that `work` leads to. */
async function lastResortCollections(work: () => Promise<unknown>): Promise<number> {
  const flags: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const detail = (entry as { detail?: { kind: number; flags: number } }).detail;
      if (detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) flags.push(detail.flags);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  try {
    await work();
    await new Promise((resolve) => setTimeout(resolve, 20)); // entries are delivered after the collection's turn
  } finally {
    observer.disconnect();
  }
  return flags.filter((one) => (one & constants.NODE_PERFORMANCE_GC_FLAGS_ALL_AVAILABLE_GARBAGE) !== 0).length;
}

async function storeOf(megabytes: number): Promise<string> {
  const dataFile = await freshDataFile();
  const store = await openLowdbStore(dataFile);
  const text = 'x'.repeat(1024 * 1024);
  for (let at = 0; at < megabytes; at++) await store.update('devices', `d${at}`, () => ({ text }));
  await store.close();
  return dataFile;
}

describe('lowdb: the garbage of a large load is collected before the store serves', () => {
  it('when a store of 33 MiB opens, then a collection of last resort runs; when one of 31 MiB opens, then none', async () => {
    const large = await storeOf(33);
    const small = await storeOf(31);
    expect(await lastResortCollections(async () => (await openLowdbStore(large)).close())).to.be.greaterThan(0);
    expect(await lastResortCollections(async () => (await openLowdbStore(small)).close())).to.equal(0);
  });

  it('when collectAllGarbage runs, then V8 collects all it can, and no context made after it has gc', async () => {
    expect(await lastResortCollections(async () => expect(collectAllGarbage()).to.equal(true))).to.be.greaterThan(0);
    expect(runInNewContext('typeof gc')).to.equal('undefined');
    expect((globalThis as { gc?: unknown }).gc).to.equal(undefined);
  });
});

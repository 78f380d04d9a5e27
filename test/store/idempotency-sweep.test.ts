import { expect } from 'chai';
import { claimKey } from '../../src/edge/idempotency/keys.js';
import { IDEMPOTENCY_KEYS, recordKeyOf } from '../../src/store/idempotency-key-records.js';
import { sweepExpiredKeys } from '../../src/edge/idempotency/sweep.js';
import { openMemoryStore } from '../../src/store/memory/memory-store.js';
import { until } from '../helpers/until.js';

const T = Date.parse('2026-03-01T10:20:00.000Z');
const HOUR = 3_600_000;
let ids = 0;
const claim = (key: string, now: number) =>
  claimKey(store, {
    user: 'u',
    key,
    operation: 'createStream',
    fingerprint: 'f',
    now,
    ttlMs: HOUR,
    leaseMs: 1000,
    newId: () => `id-${++ids}`,
  });
let store = openMemoryStore();

describe('sweeping expired idempotency keys (src/edge/idempotency/sweep.ts)', () => {
  beforeEach(() => {
    store = openMemoryStore();
  });

  it('when a process starts, then its first sweep deletes keys whose hour passed, also those of a past outage; later sweeps take each hour as it passes', async () => {
    await claim('outage', T - 20 * 24 * HOUR);
    await claim('recent', T);
    await claim('later', T + HOUR);
    let now = T + 2 * HOUR; // 'recent' expires at 11:20, its hour (11:00-12:00) has passed at 12:20; 'later' expires 12:20
    const sweeper = sweepExpiredKeys(store, { now: () => now, newId: () => 'x' }, undefined, 10);
    try {
      const exists = async (key: string) => (await store.get(IDEMPOTENCY_KEYS, recordKeyOf('u', key))) !== undefined;
      await until(async () => !(await exists('recent')));
      expect([await exists('outage'), await exists('later')]).to.deep.equal([false, true]);
      now = T + 3 * HOUR;
      await until(async () => !(await exists('later')));
    } finally {
      await sweeper.stop();
    }
  });

  it('when stopped, then it sweeps no more', async () => {
    const sweeper = sweepExpiredKeys(store, { now: () => T, newId: () => 'x' }, undefined, 10);
    await sweeper.stop();
    await claim('kept', T - 5 * HOUR);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await store.get(IDEMPOTENCY_KEYS, recordKeyOf('u', 'kept'))).to.not.equal(undefined);
  });
});

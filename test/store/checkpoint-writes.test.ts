import { expect } from 'chai';
import { Low, Memory } from 'lowdb';
import { Committed } from '../../src/store/lowdb/engine/committed.js';
import type { Shards, Table } from '../../src/store/lowdb/engine/shards.js';
import { COLLECTIONS } from '../../src/store/store.js';

/** Shards in memory whose writes take a turn each; the ones named in `failing` fail. */
function slowShards(count: number, failing: Set<number>) {
  let inFlight = 0;
  let mostAtOnce = 0;
  const written: number[] = [];
  const attempted: number[] = [];
  const shards = {} as Shards;
  for (const collection of COLLECTIONS) {
    shards[collection] = Array.from({ length: count }, (_, index) => {
      const shard = new Low<Table>(new Memory<Table>(), new Map());
      shard.write = async () => {
        mostAtOnce = Math.max(mostAtOnce, ++inFlight);
        if (collection === 'readMarkers') attempted.push(index);
        await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight--;
        if (collection === 'readMarkers' && failing.has(index)) throw new Error('disk full');
        if (collection === 'readMarkers') written.push(index);
      };
      return shard;
    });
  }
  return { shards, written, attempted, mostAtOnce: () => mostAtOnce };
}

describe('a lowdb checkpoint (Committed.writeDirty)', () => {
  it('when 64 shards are dirty, then it writes at most two at a time, so journal appends do not queue behind them', async () => {
    const { shards, written, mostAtOnce } = slowShards(64, new Set());
    const committed = new Committed(shards);
    for (let index = 0; index < 2000; index++)
      committed.apply('readMarkers', `key-${index}`, `{"value":${index}}`, undefined, undefined);
    await committed.writeDirty();
    expect(written).to.have.length(64);
    expect(mostAtOnce()).to.equal(2);
    expect(committed.hasDirty).to.equal(false);
  });

  it('when some shard writes fail, then every other shard is still written, the error is thrown, and only the failed shards stay dirty', async () => {
    const { shards, written, attempted } = slowShards(8, new Set([3]));
    const committed = new Committed(shards);
    for (let index = 0; index < 200; index++)
      committed.apply('readMarkers', `key-${index}`, `{"value":${index}}`, undefined, undefined);
    let failure: unknown;
    await committed.writeDirty().catch((error: unknown) => {
      failure = error;
    });
    expect(failure).to.be.an('error').with.property('message', 'disk full');
    expect([...written].sort((a, b) => a - b)).to.deep.equal([0, 1, 2, 4, 5, 6, 7]);
    attempted.length = 0;
    await committed.writeDirty().catch(() => {});
    expect(attempted, 'the next checkpoint retries only the failed shard').to.deep.equal([3]);
    expect(committed.hasDirty).to.equal(true);
  });
});

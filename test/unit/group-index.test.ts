import { expect } from 'chai';
import fc from 'fast-check';
import { BUCKET_KEYS, GroupIndex } from '../../src/store/group-index.js';

/** An index over a plain key → group map, as a store holds its records' groups, counting the lookups it makes. */
function indexed(hash?: (group: string) => number) {
  const groups = new Map<string, string>();
  let lookups = 0;
  const moves: [string | undefined, string | undefined][] = [];
  const index = new GroupIndex({
    groupOf: (key) => {
      lookups++;
      return groups.get(key);
    },
    moved: (before, after) => moves.push([before, after]),
    ...(hash === undefined ? {} : { hash }),
  });
  /** Files `key` under `group` (undefined: none), as a store does: the record first, then the index. */
  const file = (key: string, group: string | undefined) => {
    const before = groups.get(key);
    if (group === undefined) groups.delete(key);
    else groups.set(key, group);
    index.set(key, group, before);
  };
  return { index, groups, file, moves, lookups: () => lookups };
}

/** The reference: each group's keys, sorted in code-unit order. */
function keysOf(groups: Map<string, string>, group: string): string[] {
  return [...groups]
    .filter(([, one]) => one === group)
    .map(([key]) => key)
    .sort();
}

describe('GroupIndex (src/store/group-index.ts)', () => {
  it('when keys move between groups in any order, whatever names share a hash, then each group pages and counts as a plain map says', () => {
    const group = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'ab', 'ba');
    const step = fc.record({ key: fc.integer({ min: 0, max: 30 }).map(String), group: fc.option(group) });
    const hashes: ((name: string) => number)[] = [() => 0, (name) => name.length, (name) => name.charCodeAt(0) % 3];
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 300 }),
        fc.constantFrom(...hashes),
        fc.integer({ min: 1, max: 5 }),
        (steps, hash, limit) => {
          const { index, groups, file, moves } = indexed(hash);
          let expectedMoves = 0;
          for (const { key, group: to } of steps) {
            if (groups.get(key) !== (to ?? undefined)) expectedMoves++;
            file(key, to ?? undefined);
          }
          expect(moves).to.have.length(expectedMoves);
          expect(index.empty).to.equal(groups.size === 0);
          for (const name of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'ab', 'ba', 'none']) {
            const all = keysOf(groups, name);
            expect(index.count(name), name).to.equal(all.length);
            expect(index.page(name, { limit: 100 }), name).to.deep.equal(all);
            const after = all[0];
            expect(index.page(name, { limit, after }), name).to.deep.equal(all.slice(1, 1 + limit));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it(`when thousands of one-key groups share a hash, then filing or finding one reads at most ${BUCKET_KEYS} records' groups`, () => {
    const { index, file, lookups } = indexed(() => 7);
    for (let at = 0; at < 5000; at++) file(`key ${at}`, `group ${at}`);
    const before = lookups();
    file('another key', 'group 4321');
    expect(index.page('group 4321', { limit: 10 })).to.deep.equal(['another key', 'key 4321']);
    expect(index.page('group 2', { limit: 10 })).to.deep.equal(['key 2']);
    expect(index.count('group 4999')).to.equal(1);
    expect(index.count('group 5000')).to.equal(0);
    expect(lookups() - before).to.be.at.most(4 * BUCKET_KEYS);
  });

  it('when a group falls back to one key, then that key is still listed under it and moves on as any other', () => {
    const { index, file } = indexed(() => 1);
    file('x', 'g');
    file('y', 'g');
    file('x', undefined);
    expect(index.page('g', { limit: 5 })).to.deep.equal(['y']);
    file('z', 'g');
    file('y', 'h');
    expect(index.page('g', { limit: 5 })).to.deep.equal(['z']);
    expect(index.page('h', { limit: 5 })).to.deep.equal(['y']);
    file('z', undefined);
    file('y', undefined);
    expect(index.empty).to.equal(true);
  });

  it('when a thousand one-key groups are filed under the seeded hash, then each is found by its name, and only it', () => {
    const { index, file } = indexed();
    for (let at = 0; at < 1000; at++) file(`k${at}`, `g${at}`);
    for (let at = 0; at < 1000; at++) expect(index.page(`g${at}`, { limit: 2 })).to.deep.equal([`k${at}`]);
    expect(index.page('g1000', { limit: 2 })).to.deep.equal([]);
  });
});

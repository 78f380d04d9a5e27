import { expect } from 'chai';
import { mergeSorted } from '../../src/store/lowdb/engine/snapshot.js';

describe('mergeSorted (a lowdb snapshot merges its shards in key order)', () => {
  it('when many sorted lists of odd keys are merged, then every key comes once, in code-unit order, with its list', () => {
    const lists: string[][] = Array.from({ length: 37 }, () => []);
    const all: string[] = [];
    for (let index = 0; index < 5000; index++) {
      const key = `${String.fromCharCode(Math.floor(Math.random() * 0xffff))}${index}`;
      lists[index % 37]!.push(key);
      all.push(key);
    }
    for (const list of lists) list.sort();
    lists.push([], []);
    const merged = [...mergeSorted(lists)];
    expect(merged.map(([, key]) => key)).to.deep.equal([...all].sort());
    for (const [list, key] of merged) expect(lists[list]).to.include(key);
  });
  it('when there are no lists or only empty ones, then nothing comes', () => {
    expect([...mergeSorted([])]).to.deep.equal([]);
    expect([...mergeSorted([[], []])]).to.deep.equal([]);
  });
});

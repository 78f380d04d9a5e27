import { expect } from 'chai';
import fc from 'fast-check';
import { SortedKeys } from '../../src/lib/sorted-keys.js';

/** The reference: a plain sorted array, in code-unit order. */
const sorted = (keys: Iterable<string>) => [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

describe('SortedKeys (src/lib/sorted-keys.ts)', () => {
  it('when keys are added and removed in any order, then pages from any key are those of a sorted array, across chunk splits', () => {
    const key = fc.oneof(
      fc.string({ maxLength: 3 }),
      fc.integer({ min: 0, max: 5000 }).map((n) => String(n).padStart(5, '0')),
    );
    const step = fc.oneof(fc.record({ add: key }), fc.record({ remove: key }));
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 3000 }),
        key,
        fc.integer({ min: 1, max: 2000 }),
        (steps, after, limit) => {
          const keys = new SortedKeys();
          const reference = new Set<string>();
          for (const one of steps) {
            if ('add' in one) {
              expect(keys.add(one.add)).to.equal(!reference.has(one.add));
              reference.add(one.add);
            } else {
              expect(keys.delete(one.remove)).to.equal(reference.delete(one.remove));
            }
          }
          const all = sorted(reference);
          expect(keys.size).to.equal(all.length);
          expect(keys.page(all.length + 1)).to.deep.equal(all);
          expect(keys.page(limit, after)).to.deep.equal(all.filter((one) => one > after).slice(0, limit));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('when 100,000 keys are added in descending order (each at the front), then every page walk sees them all, in order', () => {
    const keys = new SortedKeys();
    for (let n = 99_999; n >= 0; n--) keys.add(String(n).padStart(6, '0'));
    const seen: string[] = [];
    for (let page = keys.page(1000); page.length > 0; page = keys.page(1000, page[page.length - 1])) seen.push(...page);
    expect(seen).to.have.length(100_000);
    expect(seen.every((one, index) => one === String(index).padStart(6, '0'))).to.equal(true);
  });
});

import { expect } from 'chai';
import type { Store } from '../../src/store/store.js';
import { keyOf } from '../../src/store/store.js';
import type { Fixture } from './conformance.js';

/** Keys that trip up encodings, escaping, object prototypes and sort orders. */
export const ODD_KEYS = [
  '',
  ' ',
  'a',
  'B',
  'a/b',
  'a%2Fb',
  '%',
  '/',
  '%25',
  'é',
  'e\u0301',
  '\u00ff',
  '\u4e2d',
  '\uffff',
  '\ufffd',
  '\ue000',
  '\u{1F600}',
  '\u{10FFFF}',
  '\ud800',
  '\udfff',
  '\udc00\ud800',
  '\u0000',
  '\u0001',
  '\u0001\u0001',
  '\u0002',
  'a\u0000',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'x'.repeat(300),
  keyOf('user/1', '%', ''),
];

/** JavaScript's own string order (by UTF-16 code unit), which every store lists in. */
const inKeyOrder = (keys: string[]) => [...keys].sort();

async function keysIn(store: Store, group: string, limit = 1000, after?: string): Promise<string[]> {
  const page = await store.list('devices', group, { limit, ...(after === undefined ? {} : { after }) });
  return page.map((entry) => entry.key);
}

export function describeGroupsAndKeys(fixture: Fixture): void {
  describe('keys', () => {
    it('when keys hold %, /, unicode, NUL, lone surrogates or prototype names, then each is its own record and lists back exactly', async () => {
      const { store } = fixture;
      for (const [index, key] of ODD_KEYS.entries())
        await store.update('devices', key, () => ({ index }), { group: 'odd' });
      for (const [index, key] of ODD_KEYS.entries())
        expect(await store.get('devices', key), JSON.stringify(key)).to.deep.equal({ index });
      const listed = await store.list<{ index: number }>('devices', 'odd', { limit: 1000 });
      expect(listed.map((entry) => entry.key)).to.deep.equal(inKeyOrder(ODD_KEYS));
      for (const { key, value } of listed) expect(ODD_KEYS[value.index], JSON.stringify(key)).to.equal(key);
    });
    it('when groups hold odd characters, then each is its own group', async () => {
      for (const group of ODD_KEYS) await fixture.store.update('devices', `in ${group}`, () => 1, { group: group });
      for (const group of ODD_KEYS)
        expect(await keysIn(fixture.store, group), JSON.stringify(group)).to.deep.equal([`in ${group}`]);
    });
  });

  describe('groups and pages', () => {
    it('when a group is paged with limit and after, then pages follow key order, after excluded, and end empty', async () => {
      const { store } = fixture;
      for (const key of ODD_KEYS) await store.update('devices', key, () => key, { group: 'g' });
      await store.update('devices', 'elsewhere', () => 0, { group: 'h' });
      await store.update('devices', 'ungrouped', () => 0);
      const pages: string[] = [];
      let after: string | undefined;
      for (let page = await keysIn(store, 'g', 5); page.length > 0; page = await keysIn(store, 'g', 5, after)) {
        expect(page.length).to.be.at.most(5);
        pages.push(...page);
        after = page.at(-1);
      }
      expect(pages).to.deep.equal(inKeyOrder(ODD_KEYS));
      expect(await keysIn(store, 'g', 3, 'a\u0000')).to.deep.equal(
        inKeyOrder(ODD_KEYS)
          .filter((key) => key > 'a\u0000')
          .slice(0, 3),
      );
      expect(await keysIn(store, 'g', 2, 'not stored: between keys')).to.deep.equal(
        inKeyOrder(ODD_KEYS)
          .filter((key) => key > 'not stored: between keys')
          .slice(0, 2),
      );
      expect(await keysIn(store, 'nobody')).to.deep.equal([]);
    });
    it('when a record moves to another group or to none, then it is listed only where it now is', async () => {
      const { store } = fixture;
      await store.update('devices', 'k', () => 1, { group: 'first' });
      await store.update('devices', 'k', () => 2, { group: 'second' });
      expect(await keysIn(store, 'first')).to.deep.equal([]);
      expect(await store.list('devices', 'second', { limit: 10 })).to.deep.equal([{ key: 'k', value: 2 }]);
      await store.update('devices', 'k', () => 3);
      expect(await keysIn(store, 'second')).to.deep.equal([]);
      expect(await store.get('devices', 'k')).to.equal(3);
    });
    it('when changes made at once move a record between groups and delete it, then it is listed only where the last one put it', async () => {
      const { store } = fixture;
      // Each group holds a record of its own: groups of two keys are filed by name, one-key groups by a hash.
      for (const group of ['first', 'second', 'third'])
        await store.update('devices', `${group}-own`, () => 0, { group });
      const groups = ['first', 'second', undefined, 'third', 'second'];
      await Promise.all(
        groups.map((group, index) =>
          store.update('devices', 'k', () => (group === undefined ? undefined : index), { group }),
        ),
      );
      for (const group of ['first', 'third']) expect(await keysIn(store, group), group).to.deep.equal([`${group}-own`]);
      expect(await store.list('devices', 'second', { limit: 10 })).to.deep.equal([
        { key: 'k', value: 4 },
        { key: 'second-own', value: 0 },
      ]);
    });
    it('when a record is deleted, then it leaves its group', async () => {
      const { store } = fixture;
      await store.update('devices', 'a', () => 1, { group: 'g' });
      await store.update('devices', 'b', () => 2, { group: 'g' });
      await store.update('devices', 'a', () => undefined, { group: 'g' });
      expect(await keysIn(store, 'g')).to.deep.equal(['b']);
    });
    it('when two collections use one group name, then their lists are separate', async () => {
      await fixture.store.update('devices', 'd', () => 1, { group: 'g' });
      await fixture.store.update('readMarkers', 'r', () => 2, { group: 'g' });
      expect(await keysIn(fixture.store, 'g')).to.deep.equal(['d']);
      expect((await fixture.store.list('readMarkers', 'g', { limit: 5 })).map((entry) => entry.key)).to.deep.equal([
        'r',
      ]);
    });
  });
}

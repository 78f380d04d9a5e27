import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import { stringify } from 'yaml';
import { loadSpec, specPath } from '../../src/contract/spec.js';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
/** A way to break the contract, and the rule that must report it. */
export type Break = [name: string, rule: string, breakIt: (spec: Json) => void];
/** A linter run once over files: the rule ids it reports for each file, in order. */
export type Linter = (files: string[]) => Promise<string[][]>;

export const root = dirname(specPath);

/**
 * A linter's rules, each held by a copy of openapi.yaml broken so that the rule must report it; openapi.yaml itself
 * must pass. Every copy is linted in one run of the linter.
 */
export function describeBrokenCopies(title: string, breaks: Break[], lint: Linter): void {
  describe(title, function () {
    this.timeout(180_000);
    let results: string[][];
    before(async () => {
      const copies = [loadSpec(), ...breaks.map(([, , breakIt]) => broken(breakIt))];
      const folder = await mkdtemp(join(tmpdir(), 'broken-copies-'));
      try {
        results = await lint(await Promise.all(copies.map((copy, index) => writeCopy(folder, index, copy))));
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    });

    it('when openapi.yaml is linted, then no rule reports anything', () => {
      expect(results[0]).to.deep.equal([]);
    });

    breaks.forEach(([name, rule], index) => {
      it(`when a copy has ${name}, then ${rule} fails it`, () => {
        expect(results[index + 1]).to.include(rule);
      });
    });
  });
}

function broken(breakIt: (spec: Json) => void): Json {
  const copy = structuredClone(loadSpec()) as Json;
  breakIt(copy);
  return copy;
}

/** The copy as `<folder>/copy-<index>/openapi.yaml` (the name waivers are scoped to), beside a link to mocks/ (the examples). */
async function writeCopy(folder: string, index: number, copy: Json): Promise<string> {
  const file = join(folder, `copy-${index}`, 'openapi.yaml');
  await mkdir(dirname(file));
  await symlink(join(root, 'mocks'), join(dirname(file), 'mocks'));
  await writeFile(file, stringify(copy, { aliasDuplicateObjects: false }));
  return file;
}

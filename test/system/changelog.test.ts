import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { expect } from 'chai';
import { parse } from 'yaml';

// CHANGELOG.md keeps an `## [Unreleased]` entry (Keep a Changelog) with every change of the contract since its
// last release: openapi.yaml bundled as make release-contract bundles it, against contract/released.yaml.

const KEEP_A_CHANGELOG = ['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security', 'Migration'];

/** The entry under `## [Unreleased]`, up to the next release's heading, without the notes to its author. */
const unreleasedOf = (changelog: string) =>
  /^## \[Unreleased\][ \t]*\n([\s\S]*?)(?=^## |(?![\s\S]))/m
    .exec(changelog)?.[1]
    ?.replace(/<!--[\s\S]*?-->/g, '')
    .trim();

describe("CHANGELOG.md's Unreleased entry", function () {
  this.timeout(60_000);
  let changelog: string;
  let differs: boolean;

  before(async () => {
    changelog = await readFile('CHANGELOG.md', 'utf8');
    const scratch = await mkdtemp(join(tmpdir(), 'changelog-'));
    try {
      const bundle = spawnSync(
        resolve('node_modules/.bin/redocly'),
        ['bundle', 'openapi.yaml', '-o', join(scratch, 'now.yaml')],
        { encoding: 'utf8' },
      );
      expect(bundle.status, bundle.stderr).to.equal(0);
      const [now, released] = await Promise.all(
        [join(scratch, 'now.yaml'), 'contract/released.yaml'].map(async (file) => parse(await readFile(file, 'utf8'))),
      );
      differs = !isDeepStrictEqual(now, released);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });

  it('when CHANGELOG.md is read, then it has an Unreleased entry above every release', () => {
    const at = changelog.search(/^## \[Unreleased\][ \t]*$/m);
    expect(at, 'an "## [Unreleased]" heading').to.be.above(0);
    expect(changelog.search(/^## (?!\[Unreleased\])/m), 'the first release after it').to.be.above(at);
  });

  it('when openapi.yaml differs from contract/released.yaml, then the Unreleased entry says what changed', () => {
    const entry = unreleasedOf(changelog) ?? '';
    if (!differs) expect(entry, 'nothing is unreleased, so the entry is empty').to.equal('');
    else expect(entry, 'make changelog-draft drafts it; its author edits it in').to.match(/^- \S/m);
  });

  it("when the Unreleased entry has sections, then they are Keep a Changelog's (and Migration), none empty", () => {
    const entry = unreleasedOf(changelog) ?? '';
    const sections = [...entry.matchAll(/^### (.*)\n([\s\S]*?)(?=^### |(?![\s\S]))/gm)];
    for (const [, name, text] of sections) {
      expect(KEEP_A_CHANGELOG, `### ${name}`).to.include(name);
      expect(text, `### ${name} has an item`).to.match(/^- \S/m);
    }
    if (entry !== '') expect(sections.length, 'items sit in sections').to.be.above(0);
  });
});

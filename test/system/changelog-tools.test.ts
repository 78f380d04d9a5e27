import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { contractTree, OASDIFF, runContractScript } from '../helpers/contract-tree.js';
import { needs } from '../helpers/needs.js';

// make changelog-draft and make release-contract on a scratch tree (test/helpers/contract-tree.ts) whose last release
// is openapi.yaml as it is now, with CHANGELOG.md's Unreleased entry as a contract author leaves it.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** An answer gets an optional field: the change a contract author makes most. */
const addArchivedNote = (spec: Json) => {
  spec.components.schemas.Stream.properties.archivedNote = { type: 'string', maxLength: 100 };
};

/** CHANGELOG.md as it is, its Unreleased entry replaced by `entry`. */
const changelogWith = async (entry: string) =>
  (await readFile('CHANGELOG.md', 'utf8')).replace(/^## \[Unreleased\]\n[\s\S]*?(?=^## )/m, `${entry}\n`);

describe('make changelog-draft and make release-contract keep the Unreleased entry', function () {
  this.timeout(120_000);
  let tree: string;

  beforeEach(async function () {
    needs(this, existsSync(OASDIFF) ? undefined : `oasdiff (make contract-diff installs it into .tools/)`);
    tree = await contractTree('changelog-tools-');
  });
  afterEach(async () => {
    if (tree) await rm(tree, { recursive: true, force: true });
  });

  it('when the contract changes, then make changelog-draft prints an Unreleased entry saying so and writes nothing', async () => {
    const changelog = await changelogWith('## [Unreleased]\n');
    await writeFile(join(tree, 'CHANGELOG.md'), changelog);
    const { status, output } = await runContractScript(tree, 'draft.ts', addArchivedNote);
    expect(status, output).to.equal(0);
    expect(output).to.match(/^## \[Unreleased\]\n\n### Added\n\n/);
    expect(output).to.include(
      '- `POST /api/streams`, `GET /api/streams/{streamId}`: answers may now include `archivedNote`.',
    );
    expect(await readFile(join(tree, 'CHANGELOG.md'), 'utf8')).to.equal(changelog);
  });

  it("when released with an Unreleased entry, then the entry is the release's, as written, with an empty Unreleased above", async () => {
    const written = '### Added\n\n- `GET /api/streams/{streamId}`: a stream may carry `archivedNote`, in its words.';
    const before = await changelogWith(`## [Unreleased]\n\n${written}\n`);
    await writeFile(join(tree, 'CHANGELOG.md'), before);
    const { status, output } = await runContractScript(
      tree,
      'release.ts',
      (spec) => {
        addArchivedNote(spec);
        spec.info.version = '1.1.0';
      },
      { RELEASE_DATE: '2027-02-01' },
    );
    expect(status, output).to.equal(0);
    const after = await readFile(join(tree, 'CHANGELOG.md'), 'utf8');
    expect(after).to.include(`## [Unreleased]\n\n## 1.1.0 (2027-02-01)\n\n${written}\n\n## 1.0.0 (`);
    expect(after.slice(after.indexOf('## 1.0.0'))).to.equal(before.slice(before.indexOf('## 1.0.0')));
  });

  it('when released with an empty Unreleased entry, then the release gets the entry drafted from the diff', async () => {
    await writeFile(join(tree, 'CHANGELOG.md'), await changelogWith('## [Unreleased]\n'));
    const { status, output } = await runContractScript(
      tree,
      'release.ts',
      (spec) => {
        addArchivedNote(spec);
        spec.info.version = '1.1.0';
      },
      { RELEASE_DATE: '2027-02-01' },
    );
    expect(status, output).to.equal(0);
    const after = await readFile(join(tree, 'CHANGELOG.md'), 'utf8');
    expect(after).to.include('## [Unreleased]\n\n## 1.1.0 (2027-02-01)\n\n### Added\n\n- `POST /api/streams`');
    expect(after).to.include('answers may now include `archivedNote`.');
  });
});

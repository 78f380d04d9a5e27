import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';

/** The files a patch changes, each with the lines it adds (blank ones left out). */
function addedLines(patch: string): Map<string, string[]> {
  const files = new Map<string, string[]>();
  let lines: string[] | undefined;
  for (const line of patch.split('\n')) {
    if (line.startsWith('+++ b/')) files.set(line.slice('+++ b/'.length), (lines = []));
    else if (line.startsWith('+') && !line.startsWith('+++') && line.slice(1).trim() !== '') lines?.push(line.slice(1));
  }
  return files;
}

const PATCHES = readdirSync('patches').filter((name) => name.endsWith('.patch'));

describe('patches/ (applied by patch-package on install)', () => {
  it('when patches are listed, then there are some, and each has a note in patches/README.md', () => {
    expect(PATCHES).to.not.be.empty;
    const notes = readFileSync('patches/README.md', 'utf8');
    for (const name of PATCHES) expect(notes, name).to.contain(`\`${name}\``);
  });
  it('when a package is patched, then nothing lets it move: package.json names its exact version, or pins it in overrides, or only the lockfile brings it in, at that version', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as Record<string, Record<string, unknown>>;
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
      packages: Record<string, { version?: string }>;
    };
    for (const name of PATCHES) {
      const [, pkg = '', version = ''] = /^(.+)\+(\d[^+]*)\.patch$/.exec(name.replace(/^@([^+]+)\+/, '@$1/')) ?? [];
      const declared = manifest.dependencies?.[pkg] ?? manifest.devDependencies?.[pkg] ?? manifest.overrides?.[pkg];
      if (declared !== undefined) expect(declared, `${pkg} in package.json`).to.equal(version);
      expect(lock.packages[`node_modules/${pkg}`]?.version, `${pkg} in package-lock.json`).to.equal(version);
    }
  });
  for (const name of PATCHES) {
    it(`when ${name} was applied, then every line it adds is in the installed package`, () => {
      const files = addedLines(readFileSync(join('patches', name), 'utf8'));
      expect(files.size, 'files the patch changes').to.be.above(0);
      for (const [file, lines] of files) {
        const installed = readFileSync(file, 'utf8').split('\n');
        for (const line of lines) expect(installed, `${file}: ${line.trim()}`).to.include(line);
      }
    });
  }
});

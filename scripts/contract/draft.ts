// make changelog-draft: CHANGELOG.md's Unreleased entry drafted from what openapi.yaml changes against the last
// release, for its author to paste and edit (the migration notes; what oasdiff cannot see: wording, limits,
// `x-` extensions, Fixed). It writes nothing: the entry in CHANGELOG.md is the author's.
import { existsSync } from 'node:fs';
import { draftOf } from './changelog-entry.js';
import { compare, RELEASED, SPEC } from './compare.js';
import { UNRELEASED } from './unreleased.js';

if (!existsSync(RELEASED)) {
  console.error('No released contract yet (contract/released.yaml): make release-contract makes the first.');
  process.exit(1);
}
process.stdout.write(draftOf(UNRELEASED, compare(RELEASED, SPEC)));

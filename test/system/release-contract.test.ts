import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'chai';
import { parse, stringify } from 'yaml';
import { needs } from '../helpers/needs.js';

// make release-contract on a scratch tree (as test/system/contract-diff.test.ts): a copy of what it reads and writes,
// released as it is now, then openapi.yaml changed in one way of each kind and released as 2.0.0.
const OASDIFF = process.env.OASDIFF ?? resolve('.tools/oasdiff-1.36.0/oasdiff');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** One change of each kind a client sees, as a contract author would make it. */
function changeEachKind(spec: Json): void {
  spec.info.version = '2.0.0';
  const schemas = spec.components.schemas;
  schemas.Stream.properties.archivedNote = { type: 'string', maxLength: 100 }; // Added
  schemas.DeviceRegistration.properties.appVersion.maxLength = 32; // Changed, breaking
  Object.assign(spec.paths['/api/streams/{streamId}'].get, {
    deprecated: true,
    'x-deprecated-at': '2026-12-01',
    'x-sunset': '2027-06-01',
  }); // Deprecated
  delete spec.paths['/api/chat/reads/{streamId}']; // Removed, breaking
  spec.paths['/readyz'].get.security = [{ bearerAuth: [] }]; // Security, breaking (every /api operation needs one already)
}

/** Each break changeEachKind makes, with its reason (contract/accepted-breaks.yaml). */
const REASONS = [
  { id: 'request-property-max-length-decreased', reason: 'No stored device has a longer appVersion.' },
  { id: 'api-path-removed-without-deprecation', reason: 'No client lists read markers any more.' },
  { id: 'api-security-anonymous-access-removed', reason: 'Readiness is for the operators holding a token.' },
];

/** The text of one `### name` section of an entry. */
const sectionOf = (entry: string, name: string) =>
  [...entry.matchAll(/### ([^\n]*)\n([\s\S]*?)(?=\n### |$)/g)].find((match) => match[1] === name)?.[2] ?? '';

describe('make release-contract drafts a CHANGELOG entry people read', function () {
  this.timeout(120_000);
  let tree: string;
  let earlier: string;
  let changelog: string;
  let entry: string;
  let output: string;

  before(async function () {
    needs(this, existsSync(OASDIFF) ? undefined : `oasdiff (make contract-diff installs it into .tools/)`);
    tree = await mkdtemp(join(tmpdir(), 'release-contract-'));
    for (const part of ['openapi.yaml', 'mocks', 'contract', 'scripts/contract', 'CHANGELOG.md'])
      await cp(part, join(tree, part), { recursive: true });
    await symlink(resolve('node_modules'), join(tree, 'node_modules'));
    await symlink(resolve('src'), join(tree, 'src'));
    spawnSync(resolve('node_modules/.bin/redocly'), ['bundle', 'openapi.yaml', '-o', 'contract/released.yaml'], {
      cwd: tree,
      stdio: 'ignore',
    });
    // Released as 1.0.0, so the changes below make 2.0.0, each break with its reason.
    const bundled = parse(await readFile(join(tree, 'contract/released.yaml'), 'utf8')) as Json;
    bundled.info.version = '1.0.0';
    await writeFile(join(tree, 'contract/released.yaml'), stringify(bundled));
    await writeFile(join(tree, 'contract/accepted-breaks.yaml'), stringify({ accepted: REASONS }));
    // Released as it is now, so nothing is unreleased: the Unreleased entry is empty and the release drafts its own.
    const unreleased = /^## \[Unreleased\]\n[\s\S]*?(?=^## )/m;
    const now = await readFile(join(tree, 'CHANGELOG.md'), 'utf8');
    await writeFile(join(tree, 'CHANGELOG.md'), now.replace(unreleased, '## [Unreleased]\n\n'));
    const spec = parse(await readFile('openapi.yaml', 'utf8')) as Json;
    changeEachKind(spec);
    await writeFile(join(tree, 'openapi.yaml'), stringify(spec));
    earlier = await readFile(join(tree, 'CHANGELOG.md'), 'utf8');
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(tree, 'scripts/contract/release.ts')], {
      env: { ...process.env, OASDIFF, RELEASE_DATE: '2027-01-15' },
      encoding: 'utf8',
    });
    output = run.stdout + run.stderr;
    expect(run.status, output).to.equal(0);
    changelog = await readFile(join(tree, 'CHANGELOG.md'), 'utf8');
    entry = changelog.slice(changelog.indexOf('## 2.0.0'), changelog.indexOf('## 1.0.0'));
  });
  after(async () => {
    if (tree) await rm(tree, { recursive: true, force: true });
  });

  it('when released, then the new entry comes first and the earlier entries are kept as they were', () => {
    expect(changelog.indexOf('## 2.0.0 (2027-01-15)'), output)
      .to.be.above(0)
      .and.below(changelog.indexOf('## 1.0.0 (2026-11-24)'));
    expect(changelog.slice(changelog.indexOf('## 1.0.0'))).to.equal(earlier.slice(earlier.indexOf('## 1.0.0')));
  });

  it('when an answer gets an optional field, then Added says so for each operation, in words', () => {
    expect(sectionOf(entry, 'Added')).to.include(
      '`POST /api/streams`, `GET /api/streams/{streamId}`: answers may now include `archivedNote`.',
    );
  });

  it('when a request field gets a lower maxLength, then Changed says what a client must send, marked breaking', () => {
    expect(sectionOf(entry, 'Changed')).to.include(
      '**Breaking:** `PUT /api/notifications/devices`: `appVersion` may now be at most 32 characters; send shorter values.',
    );
  });

  it('when an operation is deprecated, then Deprecated gives its sunset date', () => {
    expect(sectionOf(entry, 'Deprecated')).to.include(
      '`GET /api/streams/{streamId}`: deprecated: it may be removed after 2027-06-01; move off it before then.',
    );
  });

  it('when a path is removed, then Removed names it, marked breaking', () => {
    expect(sectionOf(entry, 'Removed')).to.include(
      '**Breaking:** `GET /api/chat/reads/{streamId}`: removed, without a deprecation first; stop calling it.',
    );
  });

  it('when an operation stops taking anonymous requests, then Security says so', () => {
    expect(sectionOf(entry, 'Security')).to.include('`GET /readyz`: needs a token now (bearerAuth)');
  });

  it('when changes break a client, then Migration has a note for each break, and no line quotes a schema path', () => {
    const notes = sectionOf(entry, 'Migration');
    expect(notes).to.include(
      '- `PUT /api/notifications/devices`: `appVersion` may now be at most 32 characters. Send shorter values.',
    );
    expect(notes).to.include(
      '- `GET /api/chat/reads/{streamId}`: Removed, without a deprecation first. Stop calling it.',
    );
    expect(notes).to.include('- `GET /readyz`: Needs a token now');
    expect(entry).to.not.match(/allOf\[|#\/components/);
  });
});

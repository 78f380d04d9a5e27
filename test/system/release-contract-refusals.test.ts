import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { stringify } from 'yaml';
import { contractTree, OASDIFF, runContractScript } from '../helpers/contract-tree.js';
import { needs } from '../helpers/needs.js';

// make release-contract (and make contract-diff) on a scratch tree released as 1.0.0: a break, accepted with its
// reason or one oasdiff cannot see, is released only as a new major version; a pre-release is never released.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A request field gets a lower maxLength: a break oasdiff reports (request-property-max-length-decreased). */
const shortenAppVersion = (version: string) => (spec: Json) => {
  spec.components.schemas.DeviceRegistration.properties.appVersion.maxLength = 32;
  spec.info.version = version;
};
const REASON = { id: 'request-property-max-length-decreased', reason: 'No stored device has a longer appVersion.' };
const UNSEEN = {
  unseen: 'stream-readers',
  operations: ['GET /api/streams/{streamId}'],
  mechanism: 'A stream is answered to its members only.',
  reason: "A stream's messages are its members' alone.",
};

describe('make release-contract releases a break only as a new major version', function () {
  this.timeout(120_000);
  let tree: string;
  let released: string;

  beforeEach(async function () {
    needs(this, existsSync(OASDIFF) ? undefined : `oasdiff (make contract-diff installs it into .tools/)`);
    tree = await contractTree('release-refusals-');
    released = await readFile(join(tree, 'contract/released.yaml'), 'utf8');
  });
  afterEach(async () => {
    if (tree) await rm(tree, { recursive: true, force: true });
  });

  const accept = (...entries: object[]) =>
    writeFile(join(tree, 'contract/accepted-breaks.yaml'), stringify({ accepted: entries }));
  const release = (change: (spec: Json) => void) =>
    runContractScript(tree, 'release.ts', change, { RELEASE_DATE: '2027-02-01' });
  const releasedNow = () => readFile(join(tree, 'contract/released.yaml'), 'utf8');

  it('when a break has its reason but info.version is a minor step (1.1.0), then it refuses, naming 2.0.0, and releases nothing', async () => {
    await accept(REASON);
    const { status, output } = await release(shortenAppVersion('1.1.0'));
    expect(status, output).to.equal(1);
    expect(output).to.include('need a new major version: 2.0.0');
    expect(await releasedNow()).to.equal(released);
  });

  it('when the only break is one oasdiff cannot see, then 1.1.0 is refused too', async () => {
    await accept(UNSEEN);
    const { status, output } = await release((spec) => void (spec.info.version = '1.1.0'));
    expect(status, output).to.equal(1);
    expect(output).to.include('need a new major version: 2.0.0');
  });

  it('when info.version is a pre-release (2.0.0-dev), then it is refused, saying to set 2.0.0', async () => {
    await accept(REASON);
    const { status, output } = await release(shortenAppVersion('2.0.0-dev'));
    expect(status, output).to.equal(1);
    expect(output).to.include('info.version is 2.0.0-dev, a build not yet released: set 2.0.0');
    expect(await releasedNow()).to.equal(released);
  });

  it('when a break has no reason, then even 2.0.0 is refused, naming it', async () => {
    const { status, output } = await release(shortenAppVersion('2.0.0'));
    expect(status, output).to.equal(1);
    expect(output).to.include('PUT /api/notifications/devices [request-property-max-length-decreased]');
  });

  it('when every break has its reason and info.version is 2.0.0, then it is released as 2.0.0', async () => {
    await accept(REASON, UNSEEN);
    const { status, output } = await release(shortenAppVersion('2.0.0'));
    expect(status, output).to.equal(0);
    expect(await releasedNow()).to.include('version: 2.0.0\n');
  });
});

describe('make contract-diff holds info.version to what the changes are', function () {
  this.timeout(120_000);
  let tree: string;

  beforeEach(async function () {
    needs(this, existsSync(OASDIFF) ? undefined : `oasdiff (make contract-diff installs it into .tools/)`);
    tree = await contractTree('diff-versions-');
  });
  afterEach(async () => {
    if (tree) await rm(tree, { recursive: true, force: true });
  });

  const accept = (...entries: object[]) =>
    writeFile(join(tree, 'contract/accepted-breaks.yaml'), stringify({ accepted: entries }));
  const diff = (change: (spec: Json) => void) => runContractScript(tree, 'diff.ts', change);

  it('when a break has its reason but info.version is a minor pre-release, then it fails naming the major version', async () => {
    await accept(REASON);
    const { status, output } = await diff(shortenAppVersion('1.1.0-dev'));
    expect(status, output).to.equal(1);
    expect(output).to.include('need a new major version: 2.0.0 (2.0.0-dev until it is released)');
    expect((await diff(shortenAppVersion('2.0.0-dev'))).status).to.equal(0);
  });

  it('when openapi.yaml changes but still says the last release, then it fails naming the pre-release to set', async () => {
    const { status, output } = await diff((spec) => {
      spec.components.schemas.Stream.properties.archivedNote = { type: 'string', maxLength: 100 };
      spec.info.version = '1.0.0';
    });
    expect(status, output).to.equal(1);
    expect(output).to.include('set 1.1.0-dev');
  });

  it("when a break oasdiff cannot see is not named in CHANGELOG.md's Unreleased entry, then it fails until it is", async () => {
    await accept(UNSEEN);
    const changelog = join(tree, 'CHANGELOG.md');
    const entry = (bullet: string) => `# Changelog\n\n## [Unreleased]\n\n### Changed\n\n${bullet}\n\n## 1.0.0\n`;
    await writeFile(changelog, entry('- **Breaking, unseen by oasdiff:** streams are read by members only.'));
    const unnamed = await diff((spec) => void (spec.info.version = '2.0.0-dev'));
    expect(unnamed.status, unnamed.output).to.equal(1);
    expect(unnamed.output).to.include('says nothing of the break oasdiff cannot see `stream-readers`');
    await writeFile(
      changelog,
      entry('- **Breaking, unseen by oasdiff:** members only. <!-- unseen: stream-readers -->'),
    );
    const named = await diff((spec) => void (spec.info.version = '2.0.0-dev'));
    expect(named.status, named.output).to.equal(0);
    expect(named.output).to.match(/GET \/api\/streams\/\{streamId\} \[unseen: stream-readers\]/);
  });
});

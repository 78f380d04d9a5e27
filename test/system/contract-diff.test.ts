import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'chai';
import { parse, stringify } from 'yaml';
import { needs } from '../helpers/needs.js';

// make contract-diff on a scratch tree: a copy of what it reads (openapi.yaml, its examples, contract/, the script),
// released as it is now (so changes not yet released do not count), then openapi.yaml changed as a contract author
// would change it. make test installs oasdiff and names it in OASDIFF.
const OASDIFF = process.env.OASDIFF ?? resolve('.tools/oasdiff-1.36.0/oasdiff');

type Spec = { paths: Record<string, unknown>; components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[];
  enum?: string[]; 'x-extensible-enum'?: string[]; 'x-enumDescriptions'?: Record<string, string> }> } };

describe('make contract-diff on a changed contract', function () {
  this.timeout(60_000);
  let tree: string;

  before(async function () {
    needs(this, existsSync(OASDIFF) ? undefined : `oasdiff (make contract-diff installs it into .tools/)`);
    tree = await mkdtemp(join(tmpdir(), 'contract-diff-'));
    for (const part of ['openapi.yaml', 'mocks', 'contract', 'scripts/contract']) await cp(part, join(tree, part), { recursive: true });
    await symlink(resolve('node_modules'), join(tree, 'node_modules'));
    spawnSync(resolve('node_modules/.bin/redocly'), ['bundle', 'openapi.yaml', '-o', 'contract/released.yaml'], { cwd: tree, stdio: 'ignore' });
    await writeFile(join(tree, 'contract/accepted-breaks.yaml'), 'accepted: []\n');
  });
  after(async () => { if (tree) await rm(tree, { recursive: true, force: true }); });

  /** Runs the diff with openapi.yaml as `change` leaves it. */
  async function diffAfter(change: (spec: Spec) => void): Promise<{ status: number | null; output: string }> {
    const spec = parse(await readFile('openapi.yaml', 'utf8')) as Spec;
    change(spec);
    await writeFile(join(tree, 'openapi.yaml'), stringify(spec));
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(tree, 'scripts/contract/diff.ts')], { env: { ...process.env, OASDIFF }, encoding: 'utf8' });
    return { status: run.status, output: run.stdout + run.stderr };
  }

  it('when nothing changes, then it passes, naming nothing breaking', async () => {
    const { status, output } = await diffAfter(() => {});
    expect(output).to.include('Breaking (0): none');
    expect(status, output).to.equal(0);
  });

  it('when a request body gets a required field, then it fails and names the field and the operation', async () => {
    const { status, output } = await diffAfter((spec) => {
      const request = spec.components.schemas.CreateStreamRequest!;
      request.properties = { ...request.properties, topicCode: { type: 'string', maxLength: 10 } };
      request.required = [...(request.required ?? []), 'topicCode'];
    });
    expect(status, output).to.equal(1);
    expect(output).to.match(/POST \/api\/streams[^\n]*\n[^\n]*topicCode/);
    expect(output).to.include('NOT ACCEPTED');
  });

  it('when a path is removed, then it fails and names the path', async () => {
    const { status, output } = await diffAfter((spec) => { delete spec.paths['/api/chat/reads/{streamId}']; });
    expect(status, output).to.equal(1);
    expect(output).to.include('/api/chat/reads/{streamId}');
    expect(output).to.include('NOT ACCEPTED');
  });

  it('when a response gets an optional field, then it passes and names the field as non-breaking', async () => {
    const { status, output } = await diffAfter((spec) => {
      const stream = spec.components.schemas.Stream!;
      stream.properties = { ...stream.properties, archivedNote: { type: 'string', maxLength: 100 } };
    });
    expect(output).to.include('Breaking (0): none');
    expect(output.slice(output.indexOf('Non-breaking'))).to.include('archivedNote');
    expect(status, output).to.equal(0);
  });

  it('when a problem type is added to the open list, then it passes: a client treats a type it does not know by its status', async () => {
    const { status, output } = await diffAfter((spec) => {
      const types = spec.components.schemas.ProblemType!;
      const list = types.enum ? 'enum' : 'x-extensible-enum'; // wherever the catalogue lists the known types
      types[list] = [...(types[list] ?? []), 'urn:problem:collab:something-new'];
      types['x-enumDescriptions'] = { ...types['x-enumDescriptions'], 'urn:problem:collab:something-new': '400. Something new.' };
    });
    expect(output).to.include('Breaking (0): none');
    expect(status, output).to.equal(0);
  });
});

import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { loadSpec } from '../../src/contract/spec.js';
import { needs } from '../helpers/needs.js';

const exec = promisify(execFile);
// npm and npx of the Node.js running the tests (.nvmrc's), whatever else is on PATH.
const env = { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}` };
const run = (command: string, args: string[], cwd: string) =>
  exec(command, args, { cwd, env, maxBuffer: 16 * 1024 * 1024 });
const idsOf = (paths: object) =>
  Object.values(paths)
    .flatMap((item: object) =>
      Object.values(item).map((operation) => (operation as { operationId?: string }).operationId),
    )
    .filter((id): id is string => typeof id === 'string');
const operationIds = idsOf(loadSpec().paths);
/** Type-checks TypeScript that generators wrote, as a strict browser project would. */
const typeCheck = (folder: string, files: string[]) =>
  run(
    resolve('node_modules/.bin/tsc'),
    [
      '--noEmit',
      '--strict',
      '--skipLibCheck',
      '--target',
      'es2022',
      '--lib',
      'es2022,dom,dom.iterable',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      ...files,
    ],
    folder,
  );

/** Every $ref in a document. */
function refsIn(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([name, member]) =>
    name === '$ref' && typeof member === 'string' ? [member] : refsIn(member),
  );
}

describe('generated/openapi.yaml: the contract in one file, for generators', function () {
  this.timeout(600_000);
  let folder: string;
  before(async () => {
    // Alone in a folder: nothing beside it to follow a $ref to.
    folder = await mkdtemp(join(tmpdir(), 'generators-'));
    await copyFile('generated/openapi.yaml', join(folder, 'openapi.yaml'));
  });
  after(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('when read, then every $ref points inside it, and it has every operation of openapi.yaml', async () => {
    const bundle = parse(await readFile('generated/openapi.yaml', 'utf8')) as { paths: object };
    expect(refsIn(bundle).filter((ref) => !ref.startsWith('#/'))).to.deep.equal([]);
    expect(idsOf(bundle.paths)).to.deep.equal(operationIds).and.have.length.above(10);
  });

  it('when openapi-generator (typescript-fetch, the version of openapitools.json) generates from it, then a client that compiles', async () => {
    await copyFile('openapitools.json', join(folder, 'openapitools.json'));
    await writeFile(join(folder, 'package.json'), '{ "type": "module" }\n');
    await run(
      resolve('node_modules/.bin/openapi-generator-cli'),
      [
        'generate',
        '-g',
        'typescript-fetch',
        '-i',
        'openapi.yaml',
        '-o',
        'fetch',
        '--additional-properties=importFileExtension=.js',
      ],
      folder,
    );
    const api = await readFile(join(folder, 'fetch', 'apis', 'StreamsApi.ts'), 'utf8');
    expect(api).to.include('async createStream(');
    await typeCheck(folder, ['fetch/index.ts']);
  });

  describe('from the npm registry', () => {
    before(async function () {
      const registry = await run('npm', ['view', 'orval@8', 'version'], tmpdir()).then(
        () => undefined,
        () => 'the npm registry (npm view orval)',
      );
      needs(this, registry);
      await run('npm', ['install', '--no-audit', '--no-fund', 'orval@8', 'openapi-typescript@7'], folder);
    });

    it('when orval generates a fetch client from it, then every operation is a function, and it compiles', async () => {
      await run(
        'npx',
        ['orval', '--input', 'openapi.yaml', '--output', 'orval/client.ts', '--client', 'fetch'],
        folder,
      );
      const client = await readFile(join(folder, 'orval', 'client.ts'), 'utf8');
      for (const operationId of operationIds)
        expect(client, operationId).to.match(new RegExp(`export const ${operationId} = `));
      await typeCheck(folder, ['orval/client.ts']);
    });

    it('when openapi-typescript generates its types from it, then every operation is there, and they compile', async () => {
      await run('npx', ['openapi-typescript', 'openapi.yaml', '-o', 'schema.d.ts'], folder);
      const schema = await readFile(join(folder, 'schema.d.ts'), 'utf8');
      for (const operationId of operationIds) expect(schema, operationId).to.include(`${operationId}: {`);
      await typeCheck(folder, ['schema.d.ts']);
    });
  });
});

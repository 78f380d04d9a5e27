import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse, stringify } from 'yaml';
import { track } from './process.js';

// make contract-diff on a scratch tree: a copy of what it reads (openapi.yaml, its examples, contract/, the scripts,
// package.json for ESM; src/ linked, as the store check imports it), released as it is now (so changes not yet
// released do not count), then openapi.yaml changed as a contract author would change it. make test installs oasdiff
// and names it in OASDIFF.

export const OASDIFF = process.env.OASDIFF ?? resolve('.tools/oasdiff-1.36.0/oasdiff');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The tree's last release, and the version its openapi.yaml says until a change sets another: a minor step on. */
export const TREE_RELEASE = '1.0.0';
export const TREE_VERSION = '1.1.0-dev';

/** A scratch tree whose last release (TREE_RELEASE) is openapi.yaml as it is now, and that accepts no break. */
export async function contractTree(prefix: string): Promise<string> {
  const tree = await mkdtemp(join(tmpdir(), prefix));
  for (const part of ['package.json', 'openapi.yaml', 'mocks', 'contract', 'scripts/contract'])
    await cp(part, join(tree, part), { recursive: true });
  for (const part of ['node_modules', 'src']) await symlink(resolve(part), join(tree, part));
  spawnSync(resolve('node_modules/.bin/redocly'), ['bundle', 'openapi.yaml', '-o', 'contract/released.yaml'], {
    cwd: tree,
    stdio: 'ignore',
  });
  const released = join(tree, 'contract/released.yaml');
  const bundled = parse(await readFile(released, 'utf8')) as Json;
  bundled.info.version = TREE_RELEASE;
  await writeFile(released, stringify(bundled));
  await writeFile(join(tree, 'contract/accepted-breaks.yaml'), 'accepted: []\n');
  return tree;
}

/**
 * The diff's exit code and output with the tree's openapi.yaml (at TREE_VERSION) as `change` leaves openapi.yaml, run as a process of
 * its own (this one goes on serving meanwhile), with no store named unless `store` names one.
 */
export async function runDiff(
  tree: string,
  change: (spec: Json) => void,
  store: Record<string, string> = {},
): Promise<{ status: number | null; output: string }> {
  return runContractScript(tree, 'diff.ts', change, store);
}

/** scripts/contract/<script> in the tree, openapi.yaml as `change` leaves it: its exit code and output. */
export async function runContractScript(
  tree: string,
  script: string,
  change: (spec: Json) => void,
  env: Record<string, string> = {},
): Promise<{ status: number | null; output: string }> {
  const spec = parse(await readFile('openapi.yaml', 'utf8')) as Json;
  spec.info.version = TREE_VERSION;
  change(spec);
  await writeFile(join(tree, 'openapi.yaml'), stringify(spec));
  const { DATA_FILE: _file, DATABASE_URL: _url, FULL: _full, ...rest } = process.env;
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', join(tree, 'scripts/contract', script)], {
      env: { ...rest, OASDIFF, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let output = '';
  child.stdout!.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr!.on('data', (chunk) => {
    output += String(chunk);
  });
  const [status] = await once(child, 'exit');
  return { status: status as number | null, output };
}

import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, symlink } from 'node:fs/promises';
import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { call } from './client.js';
import { bearer, USERS, writeDataset, type Read } from './dump.js';
import { uuid } from './factories.js';
import { GENEROUS_LIMITS, track, type ServerProcess } from './process.js';
import type { Service } from './service.js';

/**
 * The build a rollback goes back to: an earlier commit of main whose data format (lowdb v4) and
 * PostgreSQL schema (version 3) this build keeps. Move it forward to the previous release at each release.
 */
export const EARLIER_BUILD = 'fee98d0';

/** Why the earlier build cannot be checked out here (a shallow clone lacks it), or undefined. */
export function earlierBuildMissing(): string | undefined {
  try {
    execFileSync('git', ['cat-file', '-e', `${EARLIER_BUILD}^{commit}`], { stdio: 'ignore' });
    return undefined;
  } catch {
    return `commit ${EARLIER_BUILD} in this repository (a shallow clone lacks it: git fetch --unshallow)`;
  }
}

/**
 * The earlier build's files (`git archive`) in a fresh folder, beside this checkout's node_modules. Its runtime
 * dependencies must be the ones installed here: when its package-lock.json names another version of one, this
 * throws naming it (then the folder needs an `npm ci` of its own).
 */
export async function checkOutEarlierBuild(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), `collab-${EARLIER_BUILD}-`));
  execFileSync('sh', ['-c', `git archive ${EARLIER_BUILD} | tar -x -C "${folder}"`]);
  const [theirs, ours] = await Promise.all([lockOf(folder), lockOf('.')]);
  const differ = Object.entries(theirs.packages)
    .filter(([path, entry]) => path !== '' && entry.dev !== true && ours.packages[path]?.version !== entry.version)
    .map(([path, entry]) => `${path} ${entry.version} (here ${ours.packages[path]?.version ?? 'none'})`);
  if (differ.length > 0)
    throw new Error(`${EARLIER_BUILD} runs on other dependencies than this checkout's: ${differ.join(', ')}`);
  await symlink(realpathSync('node_modules'), join(folder, 'node_modules'));
  return folder;
}

interface Lock {
  packages: Record<string, { version?: string; dev?: boolean }>;
}

async function lockOf(folder: string): Promise<Lock> {
  return JSON.parse(await readFile(join(folder, 'package-lock.json'), 'utf8')) as Lock;
}

/** The earlier build's src/server.ts, run from `folder` as startServerProcess runs this one's; resolves once it serves. */
export function startEarlierServer(
  folder: string,
  dataFile: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: folder,
      env: { ...process.env, PORT: '0', DATA_FILE: dataFile, SHUTDOWN_DELAY: '0', ...GENEROUS_LIMITS, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const collect = (chunk: Buffer) => {
      output += String(chunk);
      const match = /Serving on http:\/\/[^:]+:(\d+)/.exec(output);
      if (match)
        resolve({
          child,
          output: () => output,
          service: { url: `http://127.0.0.1:${match[1]}`, dataFile, close: async () => {} },
        });
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', (code) => reject(new Error(`${EARLIER_BUILD} exited (${code}) before serving: ${output}`)));
  });
}

/** Creates a stream as each user under an Idempotency-Key, and repeats it: the first answer again. Resolves to its reads. */
export async function writeKeyed(service: Service): Promise<Read[]> {
  const reads: Read[] = [];
  for (const user of USERS) {
    const key = `${uuid()} %/ *`; // characters keyOf escapes: the earlier build kept the key itself
    const create = async () =>
      call(service, 'POST', '/api/streams', {
        body: { title: `Keyed by ${user}`, memberUserIds: USERS },
        headers: { ...(await bearer(user)), 'idempotency-key': key },
      });
    const first = await create();
    expect(first.status, JSON.stringify(first.body)).to.equal(201);
    expect((await create()).body, 'a repeat under the key').to.deep.equal(first.body);
    reads.push({ user, path: `/api/streams/${first.body.id}` });
  }
  return reads;
}

/** Everything this build and the earlier one write in these tests: the dataset, and keyed creates. */
export async function writeAll(service: Service): Promise<Read[]> {
  return [...(await writeDataset(service)), ...(await writeKeyed(service))];
}

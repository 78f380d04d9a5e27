import { execFile } from 'node:child_process';
import { dirname } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);
// npm and npx of the Node.js running the tests (.nvmrc's), whatever else is on PATH.
export const env = { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}` };
/** A command in `cwd` with that PATH; rejects on a non-zero exit, with its output. */
export const run = (command: string, args: string[], cwd: string, extra: Record<string, string> = {}) =>
  exec(command, args, { cwd, env: { ...env, ...extra }, maxBuffer: 16 * 1024 * 1024 });

let packed: Promise<string> | undefined;
/** `make client`, once per test run: the path of dist/client/collab-client-<version>.tgz. */
export function packClient(): Promise<string> {
  packed ??= run('make', ['--no-print-directory', 'client'], process.cwd()).then(({ stdout }) =>
    stdout.trim().split('\n').pop()!,
  );
  return packed;
}

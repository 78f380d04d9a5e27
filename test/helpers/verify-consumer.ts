import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { call, type CallOptions } from './client.js';
import type { Service } from './service.js';

const exec = promisify(execFile);

/** Its lines, without make's own (a clock skew warning on a shared machine, its error line). */
const ownLines = (text: string) => text.replace(/^make(\[\d+\])?: .*\n/gm, '');

/**
 * make verify-consumer, as CI runs it, with `env` added: make's exit code, the command's own (`status`: make
 * exits 2 whatever its recipe's code, and names that code in its error line) and what the command printed.
 */
export async function verify(
  file: string,
  url?: string,
  env: Record<string, string> = {},
): Promise<{ code: number; status: number; output: string }> {
  const args = ['--no-print-directory', 'verify-consumer', `FILE=${file}`, ...(url ? [`URL=${url}`] : [])];
  try {
    const { stdout, stderr } = await exec('make', args, { env: { ...process.env, ...env }, maxBuffer: 64 * 1024 ** 2 });
    return { code: 0, status: 0, output: ownLines(stdout + stderr) };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    // `make[1]:` when a make runs it (make test, as CI does), `make:` when run alone.
    const named = /^make(?:\[\d+\])?: \*\*\* \[[^\]]*\] Error (\d+)$/m.exec(failed.stderr)?.[1];
    // Without make's line naming the command's code, all of it is shown, so a failing test says what make said.
    const output = named === undefined ? failed.stdout + failed.stderr : ownLines(failed.stdout + failed.stderr);
    return { code: failed.code, status: Number(named ?? failed.code), output };
  }
}

/**
 * Variables that make a run's temp folder (TMPDIR) hold only what the command itself leaves there: npm's compile
 * cache and tsx's, shared by every run of every tool, go to their usual place or are off.
 */
export function ownTemp(folder: string): Record<string, string> {
  return { TMPDIR: folder, NODE_COMPILE_CACHE: join(tmpdir(), 'node-compile-cache'), TSX_DISABLE_CACHE: '1' };
}

/** A call in the sandbox session `session`. */
export const inSession =
  (sandbox: Service, session: string) =>
  (method: string, path: string, options: CallOptions = {}) =>
    call(sandbox, method, path, { ...options, headers: { 'x-sandbox-session': session, ...options.headers } });

/** The session's expectations, exported (GET /sandbox/requests?format=expectations) into `folder`/`name`: the file and its document. */
export async function exportTo(sandbox: Service, session: string, folder: string, name: string) {
  const reply = await inSession(sandbox, session)('GET', '/sandbox/requests?format=expectations');
  const file = join(folder, name);
  await writeFile(file, JSON.stringify(reply.body, null, 2));
  return { file, document: reply.body as ExportedDocument };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Step = { request: any; response: any };
export interface ExportedDocument {
  segments: {
    state?: { from: string; scenario?: string; clock?: string; seed?: string; steps: Step[] };
    expectations: Step[];
  }[];
  notes?: string[];
}

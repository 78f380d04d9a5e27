import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { call, type CallOptions } from './client.js';
import type { Service } from './service.js';

const exec = promisify(execFile);

/** Its lines, without make's own (a clock skew warning on a shared machine). */
const ownLines = (text: string) => text.replace(/^make(\[\d+\])?: .*\n/gm, '');

/** make verify-consumer, as CI runs it: its exit code and what it printed. */
export async function verify(file: string, url?: string): Promise<{ code: number; output: string }> {
  const args = ['--no-print-directory', 'verify-consumer', `FILE=${file}`, ...(url ? [`URL=${url}`] : [])];
  try {
    const { stdout, stderr } = await exec('make', args, { env: { ...process.env } });
    return { code: 0, output: ownLines(stdout + stderr) };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: ownLines(failed.stdout + failed.stderr) };
  }
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

import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { track } from './process.js';

/** Why strace cannot kill a process at a system call here, or undefined. */
export function straceMissing(): string | undefined {
  return spawnSync('strace', ['-V']).error
    ? 'strace (apt-get install strace), to kill a process at a system call'
    : undefined;
}

/**
 * Runs `command` under strace, which kills it with SIGKILL as it makes its first of `calls` (on `path`, when given; of
 * a rename, strace matches the first path only), before the call is made: a real crash at a chosen moment. Resolves to
 * the signal it died of (null when it ran to its end) and its output.
 */
export async function killedAtCall(
  calls: string[],
  path: string | undefined,
  command: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ signal: NodeJS.Signals | null; output: string }> {
  const child = track(
    spawn(
      'strace',
      [
        ...['-f', '-qq', '-o', '/dev/null', '-e', `trace=${calls.join(',')}`, ...(path ? ['-P', path] : [])],
        ...['-e', `inject=${calls.join(',')}:signal=KILL:when=1`, ...command],
      ],
      { env, stdio: ['ignore', 'pipe', 'inherit'] },
    ),
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  const [, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  return { signal, output };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { track } from './process.js';
import { groupPids } from './proc-stat.js';
import type { Service } from './service.js';

export interface Recorder {
  proxy: Service;
  /** Everything it printed so far. */
  output(): string;
  /** The highest peak resident memory (VmHWM) of any process of its group (make, npm, tsx, the proxy), in bytes. */
  peakBytes(): number;
  stop(): Promise<void>;
}

/** make record in a process group of its own, as a developer runs it, until stop(). */
export async function startRecorder(target: string, file: string, env: Record<string, string> = {}): Promise<Recorder> {
  const child: ChildProcess = track(
    spawn('make', ['--no-print-directory', 'record', `TARGET=${target}`], {
      env: { ...process.env, PORT: '0', RECORD_FILE: file, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    }),
  );
  let output = '';
  const port = await new Promise<string>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += String(chunk);
      const match = /Recording on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    // Read both pipes for the whole life of the process: a full pipe would stall its console lines.
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', (code) => reject(new Error(`make record exited (${code}): ${output}`)));
  });
  return {
    proxy: { url: `http://127.0.0.1:${port}`, dataFile: '', close: async () => undefined },
    output: () => output,
    peakBytes: () => Math.max(...groupPids(child.pid!).map(peakOf)),
    async stop() {
      const exited = once(child, 'exit');
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    },
  };
}

function peakOf(pid: number): number {
  try {
    const kilobytes = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kilobytes ?? 0) * 1024;
  } catch {
    return 0;
  }
}

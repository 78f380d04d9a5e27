import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { parseSize } from '../../src/config/load-config.js';
import type { Limits } from '../../src/config/limits.js';
import { loadSpec } from '../../src/contract/spec.js';
import { createHttpServer } from '../../src/edge/listen.js';
import { DROPPED_HEADER } from '../../src/sandbox/controls.js';
import { createSandbox } from '../../src/sandbox/sandbox.js';
import type { StreamLimits } from '../../src/sandbox/sandbox-settings.js';
import { SESSION_HEADER, type SessionLimits } from '../../src/sandbox/sessions.js';
import { recordResponses } from './declared.js';
import { track } from './process.js';
import type { Service } from './service.js';

/** The sandbox app (make sandbox) in-process on a free port, checking every response against openapi.yaml; `limits` as make sandbox's unless given. */
export async function startSandbox(
  options: {
    sessions?: Partial<SessionLimits>;
    streams?: Partial<StreamLimits>;
    limits?: Limits;
    scenariosFolder?: string;
    maxScenarios?: number;
  } = {},
): Promise<Service> {
  const { limits, ...rest } = options;
  const { app } = await createSandbox({
    config: { bodyLimit: parseSize('1mb'), validateResponses: true, ...(limits ? { limits } : {}) },
    contract: loadSpec(),
    ...rest,
  });
  const server = recordResponses(createHttpServer(app), [
    SESSION_HEADER.toLowerCase(),
    DROPPED_HEADER.toLowerCase(),
  ]).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    dataFile: '',
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** `make sandbox` as it runs: src/sandbox/server.ts in a process of its own, on a free port. */
export async function startSandboxProcess(
  env: Record<string, string> = {},
): Promise<Service & { pid: number; stop(): Promise<number | null>; output(): string }> {
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/server.ts'], {
      env: { ...process.env, PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let output = '';
  const port = await new Promise<string>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += String(chunk);
      const match = /Sandbox serving on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', (code) => reject(new Error(`the sandbox exited (${code}): ${output}`)));
  });
  /** SIGTERM; resolves to the exit code. */
  const stop = async (): Promise<number | null> => {
    if (child.exitCode !== null) return child.exitCode;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    return (await exited)[0] as number | null;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    dataFile: '',
    pid: child.pid!,
    stop,
    /** What it has printed so far, stdout and stderr. */
    output: () => output,
    async close() {
      await stop();
    },
  };
}

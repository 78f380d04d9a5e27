import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { track } from './process.js';
import type { Service } from './service.js';

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Any token passes the mock's check that one is sent. */
export const MOCK_TOKEN = 'any-token';

/** As `make mock` runs Prism: generated data has no members the contract does not name. */
export const MOCK_FLAGS = ['--json-schema-faker-fillProperties=false'];

/**
 * `prism mock openapi.yaml` (or `prism proxy openapi.yaml <upstream> --errors`) on a free port;
 * `seed` as `make mock-dynamic` runs it (`--dynamic --seed <seed>`).
 */
export async function startPrism(
  mode: 'mock' | 'proxy',
  options: { upstream?: string; dynamic?: boolean; seed?: string } = {},
): Promise<Service> {
  const port = await freePort();
  const args = [
    mode,
    'openapi.yaml',
    ...(options.upstream ? [options.upstream, '--errors'] : []),
    ...(mode === 'mock' ? MOCK_FLAGS : []),
    ...(options.dynamic || options.seed !== undefined ? ['--dynamic'] : []),
    ...(options.seed !== undefined ? ['--seed', options.seed] : []),
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
  ];
  const child = track(spawn('node_modules/.bin/prism', args, { stdio: ['ignore', 'pipe', 'pipe'] }));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const collect = (chunk: Buffer) => {
      output += String(chunk);
      if (output.includes('Prism is listening')) resolve();
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', (code) => reject(new Error(`prism exited (${code}): ${output.slice(-2000)}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    dataFile: '',
    // openapi.yaml requires bearerAuth, which Prism checks is there; a proxied service in local mode does not read it.
    headers: { authorization: `Bearer ${MOCK_TOKEN}` },
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { SignJWT } from 'jose';
import { DEFAULT_LIMIT_SETTINGS, startServerProcess, track, type ServerProcess } from './process.js';
import { rawRequest } from './raw.js';
import { freshDataFile } from './service.js';

const SECRET = 'a-flood-test-secret-that-is-long-enough-0';
const FLOOD_MS = 6_000;

const tokenFor = (sub: string) =>
  new SignJWT({ sub })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode(SECRET));

/** A server process as deployed: authentication on, the default limits and quotas (not the generous ones other tests run with). */
export async function startFloodTarget(): Promise<ServerProcess> {
  return startServerProcess(await freshDataFile(), { AUTH_JWT_SECRET: SECRET, ...DEFAULT_LIMIT_SETTINGS });
}

export interface Flood {
  /** The flooding user's answers, by status. */
  attacked: Record<string, number>;
  /** The other user's writes meanwhile, one after another: status and milliseconds each. */
  statuses: number[];
  latencies: number[];
}

/**
 * One user ('mallory', from a process of its own: test/helpers/flood-client.ts) sends heavy and broken requests on 64
 * connections for 6 s while another ('victoria') writes, one write at a time, alternating a navigation patch and a read marker.
 */
export async function flood(server: ServerProcess): Promise<Flood> {
  const client = track(
    spawn(process.execPath, ['--import', 'tsx', 'test/helpers/flood-client.ts'], {
      env: {
        ...process.env,
        FLOOD_URL: server.service.url,
        FLOOD_TOKEN: await tokenFor('mallory'),
        FLOOD_MS: String(FLOOD_MS),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  let report = '';
  client.stdout!.on('data', (chunk) => {
    report += String(chunk);
  });
  const victim = { authorization: `Bearer ${await tokenFor('victoria')}`, 'content-type': 'application/json' };
  const latencies: number[] = [];
  const statuses: number[] = [];
  const until = Date.now() + FLOOD_MS;
  await new Promise((resolve) => setTimeout(resolve, 1_000)); // the flood is on
  for (let write = 0; Date.now() < until - 500; write++) {
    const [method, path, body] =
      write % 2 === 0
        ? ['PATCH', '/api/streams/nav', JSON.stringify({ sort: `write ${write}` })]
        : [
            'PUT',
            '/api/chat/reads',
            JSON.stringify({
              streamId: '0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e',
              lastReadMessageId: '0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9f',
            }),
          ];
    const started = performance.now();
    statuses.push((await rawRequest(server.service, method, path, victim, body)).status);
    latencies.push(performance.now() - started);
  }
  await once(client, 'exit');
  return { attacked: JSON.parse(report) as Record<string, number>, statuses, latencies };
}

/** The `fraction` quantile of `values`, in their unit. */
export const quantile = (values: number[], fraction: number) =>
  values.toSorted((a, b) => a - b)[Math.max(0, Math.ceil(values.length * fraction) - 1)]!;

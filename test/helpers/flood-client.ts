// A buggy or hostile client in a process of its own (so its work does not slow the
// measuring one): FLOOD_CONNECTIONS connections send heavy and broken requests to
// FLOOD_URL as FLOOD_TOKEN's user for FLOOD_MS, then it prints how they were answered.
import { request } from 'node:http';

const { FLOOD_URL = '', FLOOD_TOKEN = '', FLOOD_MS = '5000', FLOOD_CONNECTIONS = '64' } = process.env;
const MiB = 1024 * 1024;
const fill = (unit: string, bytes: number) =>
  Array(Math.floor(bytes / (unit.length + 1)))
    .fill(unit)
    .join(',');

/** What it sends over and over: heavy writes, bodies that break the contract in every value, big reads. */
const HEAVY: [method: string, path: (n: number) => string, body?: (n: number) => string][] = [
  [
    'PATCH',
    (n) => `/api/identity/settings/flood-${n}`,
    () => JSON.stringify({ patch: { blob: 'x'.repeat(250 * 1024) } }),
  ],
  [
    'POST',
    () => '/api/streams',
    () => `{"title":"t","initialMessage":{"content":{"blocks":[${fill('{}', MiB - 100)}]}}}`,
  ],
  [
    'PATCH',
    () => '/api/notifications/settings',
    () => `{"overrides":{${Array.from({ length: 60_000 }, (_, i) => `"s${i}":1`).join(',')}}}`,
  ],
  [
    'PUT',
    () => '/api/notifications/devices',
    (n) =>
      JSON.stringify({
        installationId: `flood-${n}`,
        appId: 'a',
        platform: 'web',
        token: 't',
        environment: 'production',
        transport: 'push_gateway',
        transportMetadata: { blob: 'x'.repeat(16_000) },
      }),
  ],
  ['POST', () => '/api/streams', () => JSON.stringify({ title: 'x'.repeat(MiB - 100) })],
  ['GET', () => '/api/notifications/devices?limit=1000'],
];
const bodies = HEAVY.map(([, , body]) => body?.(0));

function send(method: string, path: string, body: string | undefined): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      FLOOD_URL + path,
      { method, headers: { authorization: `Bearer ${FLOOD_TOKEN}`, 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

const until = Date.now() + Number(FLOOD_MS);
const answered = new Map<number, number>();
let sent = 0;
await Promise.all(
  Array.from({ length: Number(FLOOD_CONNECTIONS) }, async () => {
    while (Date.now() < until) {
      const n = sent++;
      const index = n % HEAVY.length;
      const [method, path, body] = HEAVY[index]!;
      // Bodies that name something new are made anew; the others are sent as made once.
      const text = index === 0 || index === 3 ? body?.(n) : bodies[index];
      const status = await send(method, path(n), text);
      answered.set(status, (answered.get(status) ?? 0) + 1);
    }
  }),
);
process.stdout.write(`${JSON.stringify(Object.fromEntries(answered))}\n`);

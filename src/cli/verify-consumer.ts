// npm run verify-consumer -- <file> [url] (make verify-consumer FILE=<file> [URL=<server>]): replays what a front
// end's tests relied on (GET /sandbox/requests?format=expectations, or a recording of make record) in order against
// the server at <url>, by default this service started here on a fresh temporary store. Exits 1 naming each step
// whose status differs, or whose body lacks a member the consumer saw or has it with another JSON type.
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from '../app.js';
import { loadConfig, storeSettings } from '../config/load-config.js';
import { createHttpServer } from '../edge/listen.js';
import { differences, IdMap, readExpectations, type Expectation } from '../lib/expectations.js';
import { createLogger } from '../observability/logger.js';
import { openStore } from '../store/open-store.js';
import { refuse } from './command.js';

const {
  positionals: [file, url, ...extra],
} = parseArgs({ allowPositionals: true, options: {} });
if (file === undefined || extra.length) {
  console.error(
    'Usage: npm run verify-consumer -- <expectations or recording> [server URL]   (make verify-consumer FILE=… [URL=…])',
  );
  process.exit(2);
}
// A recording through the sandbox holds its own /sandbox/… requests: they are no part of the service.
const expectations = await readFile(file, 'utf8')
  .then(readExpectations)
  .catch((error: Error) => refuse('Verification', `${file}: ${error.message}`))
  .then((steps) => steps.filter(({ request }) => !request.path.startsWith('/sandbox/')));
const server = url === undefined ? await startFresh() : { url: url.replace(/\/$/, ''), close: async () => undefined };
const failures: string[] = [];
try {
  const ids = new IdMap();
  for (const [index, expectation] of expectations.entries()) {
    const step = `step ${index + 1} (${expectation.request.method} ${expectation.request.path})`;
    const { status, body } = await send(server.url, expectation, ids);
    ids.learn(expectation.response.body, body);
    const found =
      status === expectation.response.status
        ? []
        : [`status ${status}, the consumer saw ${expectation.response.status}`];
    if (expectation.response.body !== undefined) found.push(...differences(expectation.response.body, body));
    if (found.length) failures.push(`${step}: ${found.join('; ')}`);
  }
} finally {
  await server.close();
}
for (const failure of failures) console.error(failure);
console.log(
  `${expectations.length - failures.length} of ${expectations.length} steps of ${file} as the consumer saw them against ${url ?? 'this service on a fresh store'}`,
);
process.exit(failures.length ? 1 : 0);

async function send(base: string, { request }: Expectation, ids: IdMap): Promise<{ status: number; body: unknown }> {
  const type = request.headers?.['content-type'] ?? 'application/json';
  const response = await fetch(base + ids.apply(request.path), {
    method: request.method,
    ...(request.body === undefined
      ? {}
      : { headers: { 'content-type': type }, body: ids.apply(JSON.stringify(request.body)) }),
  });
  const text = await response.text();
  try {
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  } catch {
    return { status: response.status, body: text };
  }
}

/** The service on a lowdb file in a new temporary folder, on a free loopback port; closing removes the folder. */
async function startFresh(): Promise<{ url: string; close(): Promise<void> }> {
  const folder = await mkdtemp(join(tmpdir(), 'verify-consumer-'));
  // The defaults, not this shell's settings: no DATABASE_URL, no authentication (everyone is local, as in the sandbox).
  const config = loadConfig({ DATA_FILE: join(folder, 'db.json'), PORT: '0', HOST: '127.0.0.1' });
  const logger = createLogger('silent');
  const store = await openStore(storeSettings(config), logger);
  const listening = createHttpServer(createApp({ config, store, logger, stopping: { stopping: false } })).listen(
    0,
    '127.0.0.1',
  );
  await once(listening, 'listening');
  return {
    url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}`,
    async close() {
      listening.closeAllConnections();
      await new Promise((resolve) => listening.close(resolve));
      await store.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

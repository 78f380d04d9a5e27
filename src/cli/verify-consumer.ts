// npm run verify-consumer -- <file> [url] (make verify-consumer FILE=<file> [URL=<server>]): replays what a front
// end's tests relied on (GET /sandbox/requests?format=expectations, or a recording of make record) in order against
// the server at <url>, by default this service started here on a fresh temporary store for each segment. Each
// segment's starting state (the examples' seed or a scenario) is set up first, through the API. Exits 1 naming each
// step whose status differs, or whose body lacks a member the consumer saw or has it with another JSON type.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { differences, IdMap, readSegments, type Expectation } from '../lib/expectations.js';
import { refuse } from './command.js';
import { send, setUp, stateName } from './consumer-steps.js';
import { startFresh } from './fresh-service.js';

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
const segments = await readFile(file, 'utf8')
  .then(readSegments)
  .catch((error: Error) => refuse('Verification', `${file}: ${error.message}`))
  .then((parts) =>
    parts.map((part) => ({
      ...part,
      expectations: part.expectations.filter(({ request }) => !request.path.startsWith('/sandbox/')),
    })),
  );
const failures: string[] = [];
const total = segments.reduce((sum, part) => sum + part.expectations.length, 0);
let [done, failed] = [0, 0];
for (const [index, { state, expectations }] of segments.entries()) {
  // Each segment from its own state: a fresh store each, or on URL what it holds.
  const server = url === undefined ? await startFresh() : { url: url.replace(/\/$/, ''), close: async () => undefined };
  try {
    const ids = new IdMap();
    const refused = state && (await setUp(server.url, state, ids));
    if (refused) {
      const which = segments.length > 1 ? `segment ${index + 1}'s starting state` : 'the starting state';
      failures.push(`${which}, ${stateName(state)}: ${refused}; its ${expectations.length} steps were not replayed`);
      [done, failed] = [done + expectations.length, failed + expectations.length];
      continue;
    }
    for (const expectation of expectations) {
      const step = `step ${++done} (${expectation.request.method} ${expectation.request.path})`;
      const found = await check(server.url, expectation, ids);
      if (!found.length) continue;
      failures.push(`${step}: ${found.join('; ')}`);
      failed += 1;
    }
  } finally {
    await server.close();
  }
}
for (const failure of failures) console.error(failure);
console.log(
  `${total - failed} of ${total} steps of ${file} as the consumer saw them against ${url ?? 'this service on a fresh store'}`,
);
process.exit(failures.length ? 1 : 0);

/** Sends the step and says what differs from what the consumer saw: the status, and the body's members. */
async function check(base: string, expectation: Expectation, ids: IdMap): Promise<string[]> {
  const { status, headers, body } = await send(base, expectation, ids);
  ids.learn(expectation.response.body, body);
  ids.learnHeaders(expectation.response.headers, headers);
  const found =
    status === expectation.response.status ? [] : [`status ${status}, the consumer saw ${expectation.response.status}`];
  // Ids learnt so far are this server's in what the consumer saw too: maps keyed by them have this server's keys.
  if (expectation.response.body !== undefined)
    found.push(...differences(ids.translate(expectation.response.body), body));
  return found;
}

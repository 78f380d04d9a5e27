// npm run verify-consumer -- <file> [url] (make verify-consumer FILE=<file> [URL=<server>]): replays what a front
// end's tests relied on (GET /sandbox/requests?format=expectations, or a recording of make record) in order against
// the server at <url>, by default this service started here on a fresh temporary store for each segment. Each
// segment's starting state (the examples' seed or a scenario) is set up first, through the API. Exits 1 naming each
// step whose status differs, or whose body lacks a member the consumer saw or has it with another JSON type; a CORS
// preflight the consumer saw allowed must allow the same origin, method and headers.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { isPreflight, preflightRefusal } from '../lib/cors-preflight.js';
import { differences, IdMap, readSegments, type Expectation } from '../lib/expectations.js';
import { refuse } from './command.js';
import { send, setUp, stateName, staysOn } from './consumer-steps.js';
import { startFresh } from './fresh-service.js';

// Whatever the input, one line and exit code 1, never a stack trace.
process.on('uncaughtException', (error) => refuse('Verification', error.message));

const {
  positionals: [file, url, ...extra],
} = parseArgs({ allowPositionals: true, options: {} });
if (file === undefined || extra.length) {
  console.error(
    'Usage: npm run verify-consumer -- <expectations or recording> [server URL]   (make verify-consumer FILE=… [URL=…])',
  );
  process.exit(2);
}
const target = url === undefined ? undefined : url.replace(/\/$/, '');
if (target !== undefined && !isServerUrl(target))
  refuse('Verification', `URL must be http:// or https:// and a host, not ${JSON.stringify(url)}`);
const where = target ?? 'this service on a fresh store';
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
const stepOf = (number: number, { request }: Expectation) => `step ${number} (${request.method} ${request.path})`;
// Checked before anything is sent: a path is joined to the server's URL, so another could reach another server.
let number = 0;
for (const { state, expectations } of segments) {
  for (const step of state?.steps ?? [])
    if (state && !staysOn(target ?? 'http://127.0.0.1', step.request.path))
      refuse(
        'Verification',
        `${stateName(state)}, ${step.request.method} ${step.request.path}: a path starts with / and stays on ${where}`,
      );
  for (const expectation of expectations)
    if (!staysOn(target ?? 'http://127.0.0.1', expectation.request.path))
      refuse('Verification', `${stepOf(number + 1, expectation)}: a path starts with / and stays on ${where}`);
    else number += 1;
}

const failures: string[] = [];
let [replayed, failed] = [0, 0];
number = 0;
for (const [index, { state, expectations }] of segments.entries()) {
  // Each segment from its own state: a fresh store each, or on URL what it holds.
  const server = target === undefined ? await startFresh() : { url: target, close: async () => undefined };
  try {
    const ids = new IdMap();
    const refused = state && (await setUp(server.url, state, ids).catch(unanswered));
    if (refused) {
      const which = segments.length > 1 ? `segment ${index + 1}'s starting state` : 'the starting state';
      failures.push(`${which}, ${stateName(state)}: ${refused}; its ${expectations.length} steps were not replayed`);
      [replayed, failed, number] = [
        replayed + expectations.length,
        failed + expectations.length,
        number + expectations.length,
      ];
      continue;
    }
    for (const expectation of expectations) {
      const step = stepOf(++number, expectation);
      // A body past RECORD_BODY_LIMIT was not recorded: the request cannot be sent as it was.
      if (expectation.request.bodyNotRecorded) {
        console.log(`${step}: left out, its request body was not recorded`);
        continue;
      }
      if (!staysOn(server.url, ids.apply(expectation.request.path)))
        refuse('Verification', `${step}: a path starts with / and stays on ${where}`);
      const found = await check(server.url, expectation, ids).catch((error: Error) =>
        refuse('Verification', `${step}: ${unanswered(error)}`),
      );
      replayed += 1;
      if (!found.length) continue;
      failures.push(`${step}: ${found.join('; ')}`);
      failed += 1;
    }
  } finally {
    await server.close();
  }
}
for (const failure of failures) console.error(failure);
console.log(`${replayed - failed} of ${replayed} steps of ${file} as the consumer saw them against ${where}`);
process.exit(failures.length ? 1 : 0);

/** Sends the step and says what differs from what the consumer saw: the status and the body's members, or for a preflight it saw allowed, what it asked for. */
async function check(base: string, expectation: Expectation, ids: IdMap): Promise<string[]> {
  const { request, response } = expectation;
  const answer = await send(base, expectation, ids);
  if (isPreflight(request.method, request.headers) && response.status >= 200 && response.status < 300) {
    const refused = preflightRefusal(request.headers, answer.status, (name) => answer.headers.get(name));
    return refused ? [refused] : [];
  }
  ids.learn(response.body, answer.body);
  ids.learnHeaders(response.headers, answer.headers);
  const found =
    answer.status === response.status ? [] : [`status ${answer.status}, the consumer saw ${response.status}`];
  // Ids learnt so far are this server's in what the consumer saw too: maps keyed by them have this server's keys.
  if (response.body !== undefined) found.push(...differences(ids.translate(response.body), answer.body));
  return found;
}

/** A server that did not answer: one line, never a stack. */
function unanswered(error: Error): string {
  return error.cause instanceof Error ? `${where} did not answer (${error.cause.message})` : error.message;
}

function isServerUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const parsed = new URL(text);
  return (
    ['http:', 'https:'].includes(parsed.protocol) &&
    parsed.host !== '' &&
    !parsed.username &&
    !parsed.search &&
    !parsed.hash
  );
}

// npm run verify-consumer -- <file> [url] (make verify-consumer FILE=<file> [URL=<server>]): replays what a front
// end's tests relied on (GET /sandbox/requests?format=expectations, or a recording of make record) in order against
// the server at <url>, by default this service started here on a fresh temporary store for each segment. Each
// segment's starting state (the examples' seed or a scenario) is set up first, through the API. Exits 1 naming each
// step whose status differs, or whose body lacks a member the consumer saw or has it with another JSON type; a CORS
// preflight the consumer saw allowed must allow the same origin, method and headers. A step it cannot send as recorded
// (a path off the server or with control characters, a request body past BODY_LIMIT, default 1mb) is refused first.
import { constants } from 'node:buffer';
import { readFile, stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { parseSize } from '../config/parse.js';
import { isPreflight, preflightRefusal } from '../lib/cors-preflight.js';
import { differences, IdMap, type Expectation } from '../lib/expectations.js';
import { readDocument } from '../lib/expectations-file.js';
import { printable } from '../lib/printable.js';
import { refuse } from './command.js';
import { refusalOf, stepOf } from './consumer-checks.js';
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
const bodyLimit = (() => {
  try {
    if (process.env.BODY_LIMIT?.trim() === '') throw new Error('BODY_LIMIT is set but empty: unset it for its default');
    return parseSize(process.env.BODY_LIMIT ?? '1mb');
  } catch (error) {
    return refuse('Verification', (error as Error).message);
  }
})();
// Bounded before it is read: past the longest string V8 makes, the text could not be parsed anyway.
const bytes = await stat(file).then(
  ({ size }) => size,
  (error: Error) => refuse('Verification', `${file}: ${error.message}`),
);
if (bytes > constants.MAX_STRING_LENGTH)
  refuse(
    'Verification',
    `${file}: ${bytes} bytes, more than the longest string V8 makes (${constants.MAX_STRING_LENGTH})`,
  );
// Without the sandbox's own /sandbox/… requests (a recording passes them on), and what is left out said first.
const { segments, notes } = await readFile(file, 'utf8')
  .then(readDocument)
  .catch((error: Error) => refuse('Verification', `${file}: ${error.message}`));
const unfit = refusalOf(segments, target ?? 'http://127.0.0.1', where, bodyLimit);
if (unfit) refuse('Verification', unfit);

for (const note of notes) console.log(printable(note));

const failures: string[] = [];
let [replayed, failed, number] = [0, 0, 0];
for (const [index, { state, expectations }] of segments.entries()) {
  // Each segment from its own state: a fresh store each, or on URL what it holds.
  const server = target === undefined ? await startFresh(bodyLimit) : { url: target, close: async () => undefined };
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
        console.log(printable(`${step}: left out, its request body was not recorded`));
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
// Printed escaped: paths, member names and the server's words come from outside.
for (const failure of failures) console.error(printable(failure));
console.log(
  printable(`${replayed - failed} of ${replayed} steps of ${file} as the consumer saw them against ${where}`),
);
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

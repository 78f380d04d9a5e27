// npm run verify-consumer -- <file> [url] (make verify-consumer FILE=<file> [URL=<server>]): replays what a front
// end's tests relied on (GET /sandbox/requests?format=expectations, or a recording of make record) in order against
// the server at <url>, by default this service started here on a fresh temporary store. Exits 1 naming each step
// whose status differs, or whose body lacks a member the consumer saw or has it with another JSON type; a CORS
// preflight the consumer saw allowed must allow the same origin, method and headers.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { isPreflight, preflightHeaders, preflightRefusal } from '../lib/cors-preflight.js';
import { differences, IdMap, readExpectations, type Expectation } from '../lib/expectations.js';
import { refuse } from './command.js';
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
const expectations = await readFile(file, 'utf8')
  .then(readExpectations)
  .catch((error: Error) => refuse('Verification', `${file}: ${error.message}`))
  .then((steps) => steps.filter(({ request }) => !request.path.startsWith('/sandbox/')));
const stepOf = (index: number, { request }: Expectation) => `step ${index + 1} (${request.method} ${request.path})`;
// Checked before anything is sent: a path is joined to the server's URL, so another could reach another server.
for (const [index, expectation] of expectations.entries())
  if (!staysOn(target ?? 'http://127.0.0.1', expectation.request.path))
    refuse('Verification', `${stepOf(index, expectation)}: a path starts with / and stays on ${where}`);

const server = target === undefined ? await startFresh() : { url: target, close: async () => undefined };
const failures: string[] = [];
let [replayed, refusal] = [0, ''];
try {
  const ids = new IdMap();
  for (const [index, expectation] of expectations.entries()) {
    const step = stepOf(index, expectation);
    // A body past RECORD_BODY_LIMIT was not recorded: the request cannot be sent as it was.
    if (expectation.request.bodyNotRecorded) {
      console.log(`${step}: left out, its request body was not recorded`);
      continue;
    }
    const path = ids.apply(expectation.request.path);
    if (!staysOn(server.url, path)) {
      refusal = `${step}: a path starts with / and stays on ${where}`;
      break;
    }
    const body =
      expectation.request.body === undefined ? undefined : ids.apply(JSON.stringify(expectation.request.body));
    const answer = await send(server.url + path, expectation, body).catch((error: Error & { cause?: Error }) => {
      refusal = `${step}: ${error.cause ? `${where} did not answer (${error.cause.message})` : error.message}`;
    });
    if (!answer) break;
    replayed += 1;
    const found = checked(expectation, answer);
    ids.learn(expectation.response.body, answer.body);
    if (found.length) failures.push(`${step}: ${found.join('; ')}`);
  }
} finally {
  await server.close();
}
if (refusal) refuse('Verification', refusal);
for (const failure of failures) console.error(failure);
console.log(`${replayed - failures.length} of ${replayed} steps of ${file} as the consumer saw them against ${where}`);
process.exit(failures.length ? 1 : 0);

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** What differs from what the consumer saw: the status and the body's members, or for a preflight it saw allowed, what it asked for. */
function checked({ request, response }: Expectation, answer: Answer): string[] {
  if (isPreflight(request.method, request.headers) && response.status >= 200 && response.status < 300) {
    const refused = preflightRefusal(request.headers, answer.status, (name) => answer.headers.get(name));
    return refused ? [refused] : [];
  }
  const found =
    answer.status === response.status ? [] : [`status ${answer.status}, the consumer saw ${response.status}`];
  if (response.body !== undefined) found.push(...differences(response.body, answer.body));
  return found;
}

/** The step's request: a preflight with what the browser asked, else its body (as JSON, ids replaced) and its type. */
async function send(to: string, { request }: Expectation, body: string | undefined): Promise<Answer> {
  const type = request.headers?.['content-type'] ?? 'application/json';
  const response = await fetch(to, {
    method: request.method,
    ...(isPreflight(request.method, request.headers)
      ? { headers: preflightHeaders(request.headers) }
      : body === undefined
        ? {}
        : { headers: { 'content-type': type }, body }),
  });
  const text = await response.text();
  try {
    return {
      status: response.status,
      headers: response.headers,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
  } catch {
    return { status: response.status, headers: response.headers, body: text };
  }
}

/** A path as the consumer sent it: from the root of the server, and on it once joined to its URL. */
function staysOn(base: string, path: string): boolean {
  if (!path.startsWith('/') || !URL.canParse(base + path)) return false;
  return new URL(base + path).origin === new URL(base).origin;
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

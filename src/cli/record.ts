// npm run record -- <target> (make record TARGET=<url>): a proxy on PORT (default 4030) in front of the mock,
// the sandbox or the service. Bodies pass through as they come; each exchange is appended to RECORD_FILE (default
// recordings/<timestamp>.ndjson) as one JSON line { request, response }, each body kept up to RECORD_BODY_LIMIT
// (default 1mb, the service's BODY_LIMIT) and noted by size past it, secrets redacted, and checked against
// openapi.yaml: an answer the contract does not allow gets `violations` in its line and on the console. In front of
// the sandbox, each session's exchanges follow a line with the state its segment started from (record-sessions.ts).
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { parseAllowedHosts } from '../config/allowed-hosts.js';
import { parseSize } from '../config/parse.js';
import { contractSecrets, redactor } from '../contract/redact.js';
import { responseChecker } from '../contract/response-check.js';
import { loadSpec } from '../contract/spec.js';
import { hostAllowed, hostNotAllowed, isProbe } from '../edge/host-check.js';
import { isPreflight } from '../lib/cors-preflight.js';
import { printable } from '../lib/printable.js';
import { requestIdFor } from '../observability/request-id.js';
import { refuse } from './command.js';
import { lineWriter, segmentWriter } from './record-line.js';
import { relay } from './record-relay.js';
import { RecordedSessions } from './record-sessions.js';

const {
  positionals: [target, ...extra],
} = parseArgs({ allowPositionals: true, options: {} });
if (target === undefined || extra.length || !/^https?:\/\/[^/]+\/?$/.test(target)) {
  console.error(
    'Usage: npm run record -- <http://host:port of the mock, the sandbox or the service>   (make record TARGET=…)',
  );
  process.exit(2);
}
const base = new URL(target);
const settings = (() => {
  try {
    for (const name of ['RECORD_BODY_LIMIT', 'ALLOWED_HOSTS', 'PORT', 'RECORD_FILE'])
      if (process.env[name]?.trim() === '') throw new Error(`${name} is set but empty: unset it for its default`);
    return {
      limit: parseSize(process.env.RECORD_BODY_LIMIT ?? '1mb', 'RECORD_BODY_LIMIT'),
      served: hostAllowed(parseAllowedHosts(process.env.ALLOWED_HOSTS ?? '')),
      port: portOf(process.env.PORT ?? '4030'),
    };
  } catch (error) {
    return refuse('Recording', (error as Error).message);
  }
})();
const file = process.env.RECORD_FILE ?? `recordings/${new Date().toISOString().replace(/[:.]/g, '-')}.ndjson`;
mkdirSync(dirname(file), { recursive: true });
const spec = loadSpec();
const redact = redactor(contractSecrets(spec));
const record = lineWriter(file, settings.limit, responseChecker(spec), redact);
const sessions = new RecordedSessions(base, segmentWriter(file, redact));

// No time limit on a request: a large upload takes what it takes, and the target has its own.
const server = createServer({ requestTimeout: 0 }, (req, res) => {
  const path = req.url ?? '/';
  const host = req.headers.host ?? '';
  // As the servers check it: a web page elsewhere whose name resolves here (DNS rebinding) is not passed on.
  if (!settings.served(host) && !isProbe(path.split('?')[0] ?? path)) {
    const problem = hostNotAllowed(host);
    const requestId = requestIdFor(req);
    console.log(
      printable(`${req.method} ${path} ${problem.status} (Host ${JSON.stringify(host)} is not served: ALLOWED_HOSTS)`),
    );
    res.writeHead(problem.status, { 'content-type': 'application/problem+json', 'x-request-id': requestId });
    res.end(JSON.stringify({ ...problem.toJSON(), requestId }));
    return;
  }
  // Only origin-form paths: anything else would be joined to the target as text and could leave it.
  if (!path.startsWith('/')) {
    res.writeHead(400, { 'content-type': 'text/plain' });
    res.end(`make record passes on paths that start with /, not ${JSON.stringify(path)}`);
    return;
  }
  // A browser's preflight names no session (it carries no custom header) and needs no state.
  const { origin, 'access-control-request-method': asked } = req.headers;
  const preflight = isPreflight(req.method ?? '', {
    ...(origin ? { origin } : {}),
    ...(asked ? { 'access-control-request-method': String(asked) } : {}),
  });
  const session = preflight ? Promise.resolve(undefined) : sessions.ready(req.headers);
  void session.then((name) => {
    if (req.destroyed) return; // the client left while its session's state was asked for
    relay(req, res, base, settings.limit, (exchange) => {
      const dropped = exchange.responseHeaders['x-sandbox-session-dropped'];
      if (name !== undefined && dropped !== undefined) sessions.restarted(name, dropped);
      record(exchange, name);
      sessions.answered(name, exchange.method, exchange.path, exchange.status);
    });
  });
});
server.listen(settings.port, '127.0.0.1', () => {
  console.log(
    `Recording on http://127.0.0.1:${(server.address() as AddressInfo).port} in front of ${base.origin}, into ${file}`,
  );
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}

function portOf(text: string): number {
  if (!/^\d{1,5}$/.test(text.trim()) || Number(text) > 65535)
    throw new Error(`PORT must be a whole number from 0 to 65535, not "${text}"`);
  return Number(text);
}

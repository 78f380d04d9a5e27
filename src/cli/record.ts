// npm run record -- <target> (make record TARGET=<url>): a proxy on PORT (default 4030) in front of the mock,
// the sandbox or the service. Each exchange is appended to RECORD_FILE (default recordings/<timestamp>.ndjson) as
// one JSON line { request, response }, with Authorization, cookies and secret members redacted, and checked
// against openapi.yaml: an answer the contract does not allow gets `violations` in its line and on the console.
import { appendFileSync, mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { responseChecker } from '../contract/response-check.js';
import { redactBody, redactHeaders } from '../lib/redact.js';

const {
  positionals: [target, ...extra],
} = parseArgs({ allowPositionals: true, options: {} });
if (target === undefined || extra.length || !/^https?:\/\/[^/]+\/?$/.test(target)) {
  console.error(
    'Usage: npm run record -- <http://host:port of the mock, the sandbox or the service>   (make record TARGET=…)',
  );
  process.exit(2);
}
const base = target.replace(/\/$/, '');
const port = Number(process.env.PORT || 4030);
const file = process.env.RECORD_FILE || `recordings/${new Date().toISOString().replace(/[:.]/g, '-')}.ndjson`;
mkdirSync(dirname(file), { recursive: true });
const check = responseChecker();
// Not passed on: they describe this hop, or fetch sets them from the body it sends or got.
const HOP = new Set([
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'upgrade',
  'proxy-connection',
  'content-encoding',
]);

const server = createServer(async (req, res) => {
  try {
    const sent = await bodyOf(req);
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name, value]) => !HOP.has(name) && typeof value === 'string'),
    ) as Record<string, string>;
    const answer = await fetch(base + (req.url ?? '/'), {
      method: req.method ?? 'GET',
      headers,
      redirect: 'manual',
      ...(sent.length ? { body: sent } : {}),
    });
    const got = Buffer.from(await answer.arrayBuffer());
    const answered: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!HOP.has(name)) answered[name] = value;
    });
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const body = parsed(got, answer.headers.get('content-type'));
    const violations = check({
      method,
      path,
      status: answer.status,
      contentType: answer.headers.get('content-type') ?? undefined,
      body,
    });
    const line = {
      request: {
        method,
        path,
        headers: redactHeaders(headers),
        ...(sent.length ? { body: redactBody(parsed(sent, req.headers['content-type'] ?? null)) } : {}),
      },
      response: {
        status: answer.status,
        headers: redactHeaders(answered),
        ...(body === undefined ? {} : { body: redactBody(body) }),
      },
      ...(violations.length ? { violations } : {}),
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
    console.log(`${method} ${path} ${answer.status}`);
    for (const violation of violations) console.log(`  contract violation: ${violation}`);
    // Answered once its line is written: what the client got is on disk, even if the recorder is stopped right after.
    res.writeHead(answer.status, {
      ...answered,
      ...(answer.headers.has('set-cookie') ? { 'set-cookie': answer.headers.getSetCookie() } : {}),
    });
    res.end(got);
  } catch (error) {
    console.error(`${req.method} ${req.url}: ${base} did not answer (${(error as Error).message})`);
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`${base} did not answer`);
  }
});
server.listen(port, '127.0.0.1', () => {
  console.log(
    `Recording on http://127.0.0.1:${(server.address() as AddressInfo).port} in front of ${base}, into ${file}`,
  );
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** JSON as parsed, when it is JSON; else the text; nothing for no bytes. */
function parsed(bytes: Buffer, contentType: string | null): unknown {
  if (!bytes.length) return undefined;
  const text = bytes.toString('utf8');
  if (!/json/i.test(contentType ?? '')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

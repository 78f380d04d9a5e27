import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { loadSpec } from '../../src/contract/spec.js';
import { SECURITY_HEADERS } from '../../src/edge/security-headers.js';

/** One response a test service sent: the operation it answered and what it declared about itself. */
export interface Seen {
  method: string;
  template: string;
  status: number;
  headers: string[];
}

/**
 * Headers of the transport, the media type and those openapi.yaml's introduction describes for every response
 * (the security headers, CORS): not declared per response, as OpenAPI leaves Content-Type out of `headers`.
 */
export const EVERYWHERE = new Set([
  'content-type',
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'vary',
  ...SECURITY_HEADERS.map(([name]) => name.toLowerCase()),
]);

const seen = new Map<string, Seen>();

/**
 * Records every response `server` sends that answers a path of openapi.yaml, for undeclared(); `own` names headers
 * the server adds outside the contract (the sandbox's `X-Sandbox-Session`, documented in mocks/README.md).
 */
export function recordResponses(server: Server, own: string[] = []): Server {
  return server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    res.once('finish', () => {
      const template = templateOf((req.url ?? '').split('?')[0] ?? '');
      if (template === undefined || req.method === 'OPTIONS') return; // preflights are CORS's, outside the contract
      const headers = res
        .getHeaderNames()
        .filter((name) => !EVERYWHERE.has(name) && !own.includes(name) && !name.startsWith('access-control-'))
        .sort();
      const response = { method: req.method ?? '', template, status: res.statusCode, headers };
      seen.set(JSON.stringify(response), response);
    });
  });
}

/** The responses recorded so far that openapi.yaml does not declare: the status on the operation, or a header on the status. */
export function undeclared(): string[] {
  return [...seen.values()].flatMap(({ method, template, status, headers }) => {
    const item = loadSpec().paths[template] ?? {};
    // A path answers any method it does not serve with 405, declared on each of its operations; HEAD is answered as GET.
    const operation = (item[method === 'HEAD' ? 'get' : method.toLowerCase()] ??
      Object.values(item).find((op) => status === 405 && isOperation(op))) as Operation | undefined;
    if (!operation) return [`${method} ${template}: ${status}, but openapi.yaml has no such operation`];
    const response = resolve(operation.responses[String(status)]);
    if (!response) return [`${method} ${template}: ${status} is not declared`];
    const declared = new Set(Object.keys(response.headers ?? {}).map((name) => name.toLowerCase()));
    const missing = headers.filter((name) => !declared.has(name));
    return missing.length > 0 ? [`${method} ${template} ${status}: header ${missing.join(', ')} is not declared`] : [];
  });
}

/** How many distinct (method, path, status, headers) responses were recorded. */
export function recordedResponses(): number {
  return seen.size;
}

interface Response {
  headers?: Record<string, unknown>;
  $ref?: string;
}
interface Operation {
  responses: Record<string, Response | undefined>;
}

function isOperation(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'responses' in value;
}

function resolve(response: Response | undefined): Response | undefined {
  if (!response?.$ref) return response;
  const name = response.$ref.split('/').pop() ?? '';
  return (loadSpec() as unknown as { components: { responses: Record<string, Response> } }).components.responses[name];
}

let templates: [RegExp, string][] | undefined;

function templateOf(path: string): string | undefined {
  // Literal paths first: /api/streams/nav is not a stream id.
  templates ??= Object.keys(loadSpec().paths)
    .sort((a, b) => a.split('{').length - b.split('{').length)
    .map((template) => [new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/;]+')}$`), template]); // a ; is no parameter's
  return templates.find(([pattern]) => pattern.test(path))?.[1];
}

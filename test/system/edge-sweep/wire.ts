// A case's request as the bytes that go on the wire, and what came back, read as the checks need it.
import { exchange } from '../../helpers/exchange.js';
import type { Service } from '../../helpers/service.js';

export interface WireRequest {
  method: string;
  /** The target in origin form, spelled as the case spells it. */
  path: string;
  body?: string;
  contentType?: string;
  /** Header fields beyond Host, Content-Type, Content-Length and the server's own. */
  fields?: [name: string, value: string][];
  version?: '1.0' | '1.1';
  /** Host fields: one unless a case says none or two. */
  hosts?: 0 | 1 | 2;
  /** The target in absolute form (http://host/path). */
  absolute?: boolean;
  /** A Transfer-Encoding: the body goes chunked, with no Content-Length. */
  transferEncoding?: string;
}

/** What a server answered, as the checks read it. */
export interface Answer {
  status: number;
  contentType: string;
  /** The problem's `type`, its catalogue name only (urn:problem:collab:<name>), when the body is a problem. */
  type?: string;
  /** The problem's `detail`. */
  detail?: string;
  /** The pointers its `errors` name. */
  pointers: string[];
  headers: Map<string, string>;
  /** The body as framed by Content-Length: empty for a HEAD unless the server sent one after all. */
  body: string;
}

const chunked = (body: string) =>
  body === '' ? '0\r\n\r\n' : `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`;

/** The request's bytes to `server`, with its own header fields (the mock's token, the sandbox's session). */
export function bytesOf(request: WireRequest, server: Service): string {
  const host = new URL(server.url).host;
  const target = request.absolute ? `http://${host}${request.path}` : request.path;
  const body = request.body ?? '';
  const framing: [string, string][] = request.transferEncoding
    ? [['Transfer-Encoding', request.transferEncoding]]
    : request.body === undefined
      ? []
      : [['Content-Length', String(Buffer.byteLength(body))]];
  const fields: [string, string][] = [
    ...Array.from({ length: request.hosts ?? 1 }, (): [string, string] => ['Host', host]),
    ...Object.entries(server.headers ?? {}),
    ...(request.contentType === undefined ? [] : [['Content-Type', request.contentType] as [string, string]]),
    ...(request.fields ?? []),
    ...framing,
    // Every server closes the connection after its answer, so exchange() knows it has all of it.
    ['Connection', 'close'],
  ];
  const head = [`${request.method} ${target} HTTP/${request.version ?? '1.1'}`, ...fields.map((f) => f.join(': '))];
  return `${head.join('\r\n')}\r\n\r\n${request.transferEncoding ? chunked(body) : body}`;
}

/** Sends the request on a connection of its own; its first answer, read. */
export async function sendTo(server: Service, request: WireRequest): Promise<Answer> {
  const [answer] = await exchange(server, bytesOf(request, server));
  if (!answer) return { status: 0, contentType: '', pointers: [], headers: new Map(), body: '' };
  const contentType = answer.headers.get('content-type') ?? '';
  const problem = /^application\/problem\+json/.test(contentType) ? parsed(answer.body) : undefined;
  const type = typeof problem?.type === 'string' ? problem.type.replace('urn:problem:collab:', '') : undefined;
  const errors = Array.isArray(problem?.errors) ? (problem.errors as { path?: unknown }[]) : [];
  return {
    status: answer.status,
    contentType,
    ...(type === undefined ? {} : { type }),
    ...(typeof problem?.detail === 'string' ? { detail: problem.detail } : {}),
    pointers: errors.map((error) => String(error.path)),
    headers: answer.headers,
    body: answer.body,
  };
}

function parsed(text: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined; // a HEAD's answer, or a body framed otherwise than by Content-Length
  }
}

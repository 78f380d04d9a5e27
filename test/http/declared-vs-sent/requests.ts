// Requests built from openapi.yaml's examples for any operation: one naming a record nothing holds yet, and the path of
// a record that exists, so each status can be asked of every operation without a case written for it.
import { call, type CallOptions, type Reply } from '../../helpers/client.js';
import { exampleRequests, fill, type ExampleRequest } from '../../helpers/example-requests.js';
import { uuid } from '../../helpers/factories.js';
import { rawBytes } from '../../helpers/raw.js';
import type { Service } from '../../helpers/service.js';

export type Operation = ExampleRequest;
export const OPERATIONS: Operation[] = exampleRequests();
export const operation = (operationId: string): Operation =>
  OPERATIONS.find((each) => each.operationId === operationId) ?? OPERATIONS[0]!;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
let made = 0;
const freshValue = (example: string) => (UUID.test(example) ? uuid() : `${example}-${++made}`);

/** The operation's path with a fresh value in each parameter: a record nothing holds yet. */
export const freshPath = (op: Operation): string =>
  fill(op.template, Object.fromEntries(Object.entries(op.params).map(([name, value]) => [name, freshValue(value)])));

/** The operation's example body, naming a record nothing holds yet (a new device, a new stream's marker). */
export function freshBody(op: Operation): unknown {
  if (typeof op.body !== 'object' || op.body === null) return op.body;
  const body = { ...(op.body as Record<string, unknown>) };
  for (const key of ['installationId', 'streamId'])
    if (typeof body[key] === 'string') body[key] = freshValue(body[key]);
  return body;
}

/** The operation's request at `path` (its own by default), with its example's media type and body unless given. */
export function send(target: Service, op: Operation, options: CallOptions & { path?: string } = {}): Promise<Reply> {
  const headers = { ...(op.contentType ? { 'content-type': op.contentType } : {}), ...options.headers };
  const body = 'body' in options ? options.body : op.body;
  return call(target, op.method, options.path ?? op.path, { ...(body === undefined ? {} : { body }), headers });
}

const location = (reply: Reply) => reply.headers.get('location') ?? `(no Location: ${reply.status})`;

/** The path of a record the operation can name, made on `target` by the write that makes it (none: it always exists). */
export async function existing(target: Service, op: Operation): Promise<string> {
  if (op.template === '/api/streams/{streamId}')
    return location(await send(target, operation('createStream'), { body: freshBody(operation('createStream')) }));
  if (op.template === '/api/notifications/devices/{appId}/{installationId}') {
    const register = operation('registerDevice');
    return location(await send(target, register, { body: freshBody(register) }));
  }
  const writer = OPERATIONS.find((each) => each.template === op.template && ['PUT', 'PATCH'].includes(each.method));
  if (!writer || !op.template.includes('{')) return op.path;
  const path = freshPath(writer);
  await send(target, writer, { path });
  return path;
}

/** A write's request whose record exists, sent once already: the path and body to send again. */
export async function written(target: Service, op: Operation): Promise<{ path: string; body: unknown }> {
  if (op.method === 'DELETE') return { path: await existing(target, op), body: undefined };
  const [path, body] = [op.template.includes('{') ? freshPath(op) : op.path, freshBody(op)];
  await send(target, op, { path, body });
  return { path, body };
}

/** Exactly these bytes to the operation's path (the request line and Host made here), the answer as sent. */
export async function raw(target: Service, op: Operation, head: string[], path = op.path): Promise<Reply> {
  const { status, headers, text } = await rawBytes(
    target,
    [`${op.method} ${path} HTTP/1.1`, ...head, 'Connection: close', '', ''].join('\r\n'),
  );
  return { status, headers, body: /^\s*\{/.test(text) ? (JSON.parse(text) as unknown) : text };
}

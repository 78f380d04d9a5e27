import { request } from 'node:http';
import { connect } from 'node:net';
import { admittedInFlight } from '../../src/observability/http-metrics.js';
import type { Service } from './service.js';
import { until } from './until.js';

export type RawResponse = { status: number; headers: Record<string, string | string[] | undefined>; text: string };

/** A request with exactly these headers and body bytes (fetch would add its own). */
export function rawRequest(
  service: Service,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string | Buffer,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(service.url + path, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Exactly these bytes on a fresh connection (no header added, none left out); resolves
 * to the status, headers and body once the server closes it, so send `Connection: close`. The
 * connection is not half-closed: Node's server drops a request whose client did that
 * before its answer was ready, as it is when the answer waits on the database.
 */
export function rawBytes(
  service: Service,
  request: string,
): Promise<{ status: number; headers: Headers; text: string }> {
  const { hostname, port } = new URL(service.url);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => socket.write(request));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...body] = Buffer.concat(chunks).toString().split('\r\n\r\n');
      const [statusLine = '', ...fields] = head.split('\r\n');
      const headers = new Headers(
        fields.map((field) => [field.slice(0, field.indexOf(':')), field.slice(field.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, text: body.join('\r\n\r\n') });
    });
  });
}

/** What load shedding counts against MAX_IN_FLIGHT, read from this process's registry (test services run in it). */
const admitted = async () => (await admittedInFlight.get()).values[0]?.value ?? 0;

/**
 * A request that stays in flight: its head and part of a promised body are sent, the
 * rest never is. Resolves once the server, in this process, has admitted it
 * (authenticated, and counted by load shedding: `http_admitted_requests_in_flight` went
 * up), so it counts against the limits; `release` closes the connection and resolves
 * once the server has let it go. The gauge is the process's: hold requests while nothing
 * else is in flight.
 */
export async function holdRequest(
  service: Service,
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ release(): Promise<void> }> {
  const { hostname, port } = new URL(service.url);
  const before = await admitted();
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const head = [
    `${method} ${path} HTTP/1.1`,
    `Host: ${hostname}`,
    'Content-Type: application/json',
    'Content-Length: 100',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  await new Promise<void>((resolve, reject) =>
    socket.write(`${head.join('\r\n')}\r\n\r\n{"sort":`, (error) => (error ? reject(error) : resolve())),
  );
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += String(chunk)));
  await until(async () => answer !== '' || socket.closed || (await admitted()) > before);
  if (answer !== '' || socket.closed) throw new Error(`not held: ${answer.split('\r\n')[0] || 'the server closed it'}`);
  return {
    release: async () => {
      const held = await admitted();
      socket.destroy();
      await until(async () => (await admitted()) < held);
    },
  };
}

import { request } from 'node:http';
import { connect } from 'node:net';
import type { Service } from './service.js';

/** A request with exactly these headers and body bytes (fetch would add its own). */
export function rawRequest(
  service: Service,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string | Buffer,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(service.url + path, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Exactly these bytes on a fresh connection (no header added, none left out); resolves to the status and body. */
export function rawBytes(service: Service, request: string): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(service.url);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => socket.end(request));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const response = Buffer.concat(chunks).toString();
      const [head = '', text = ''] = response.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), text });
    });
  });
}

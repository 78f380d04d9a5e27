import { connect } from 'node:net';
import type { Service } from './service.js';

/** One answer as it came on the wire: its status, its header fields by lower-case name, its body. */
export interface WireAnswer {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/**
 * Writes exactly `bytes` on a fresh connection and resolves, once the server has closed it, with every answer it sent
 * (pipelined requests get one each), in order. Bodies are framed by Content-Length, as every answer of the app is.
 */
export function exchange(service: Service, bytes: string): Promise<WireAnswer[]> {
  const { hostname, port } = new URL(service.url);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(answersIn(Buffer.concat(chunks).toString('latin1'))));
  });
}

function answersIn(text: string): WireAnswer[] {
  const answers: WireAnswer[] = [];
  let rest = text;
  while (rest.startsWith('HTTP/')) {
    const end = rest.indexOf('\r\n\r\n');
    const [statusLine = '', ...fields] = rest.slice(0, end < 0 ? rest.length : end).split('\r\n');
    const headers = new Map(
      fields.map((field) => [
        field.slice(0, field.indexOf(':')).toLowerCase(),
        field.slice(field.indexOf(':') + 1).trim(),
      ]),
    );
    const length = Number(headers.get('content-length') ?? 0);
    const bodyStart = end < 0 ? rest.length : end + 4;
    answers.push({
      status: Number(statusLine.split(' ')[1]),
      headers,
      body: rest.slice(bodyStart, bodyStart + length),
    });
    rest = rest.slice(bodyStart + length);
  }
  return answers;
}

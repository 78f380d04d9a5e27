import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Timeouts } from './listen.js';
import { REQUEST_ID_HEADER } from '../observability/request-id.js';
import { HttpProblem } from '../errors/problem.js';
import { SECURITY_HEADERS } from './security-headers.js';

/** The statuses Node itself answers other client errors with (see its `socketOnError`). */
const NODE_ANSWERS: Record<string, number> = { HPE_HEADER_OVERFLOW: 431, HPE_CHUNK_EXTENSIONS_OVERFLOW: 413 };

/**
 * A slow sender cut off by the server's timeouts gets the 408 problem openapi.yaml
 * declares, with a new X-Request-Id (its headers may never have arrived), instead of
 * Node's bare 408. Every other client error is answered as Node answers it.
 */
export function answerClientErrors(server: Server, timeouts: Pick<Timeouts, 'headersTimeout' | 'requestTimeout'>): Server {
  return server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    // Node's own check: answer only if no response on this socket has sent its headers.
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) {
      socket.write(error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? timeoutAnswer(timeouts) : bareAnswer(NODE_ANSWERS[error.code ?? ''] ?? 400));
    }
    socket.destroy(error);
  });
}

function timeoutAnswer({ headersTimeout, requestTimeout }: Pick<Timeouts, 'headersTimeout' | 'requestTimeout'>): string {
  const requestId = randomUUID();
  const problem = new HttpProblem('request-timeout', `The request did not arrive in time: headers within ${seconds(headersTimeout)}, `
    + `the whole request within ${seconds(requestTimeout)}. The connection is closed.`);
  const body = JSON.stringify({ ...problem.toJSON(), requestId });
  const headers = [['Content-Type', 'application/problem+json; charset=utf-8'], ['Content-Length', String(Buffer.byteLength(body))],
    [REQUEST_ID_HEADER, requestId], ...SECURITY_HEADERS];
  return `${statusLine(408)}${headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n${body}`;
}

const seconds = (ms: number) => `${ms / 1000} s`;
const bareAnswer = (status: number) => `${statusLine(status)}\r\n`;
const statusLine = (status: number) => `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n`;

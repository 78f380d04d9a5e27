import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { REQUEST_ID_HEADER } from '../observability/request-id.js';
import { HttpProblem, type ProblemKind } from '../errors/problem.js';
import { SECURITY_HEADERS } from './security-headers.js';
import type { RefusalObserver } from '../observability/observe.js';

/** What a request's head may hold: the request line and header fields in bytes, and header fields in number. */
export const HEADER_LIMITS = { bytes: 64 * 1024, fields: 100 } as const;

/** Node's refusals by its parser's error code (see its `socketOnError`); any other is malformed framing. */
const NODE_REFUSALS: Record<string, [ProblemKind, string]> = {
  // Node gives both limits one code: the answer names both.
  HPE_HEADER_OVERFLOW: [
    'headers-too-large',
    `The request line and headers together are over ${HEADER_LIMITS.bytes / 1024} KiB (a URL counts towards them), ` +
      `or the request has more than ${HEADER_LIMITS.fields} header fields.`,
  ],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: ['payload-too-large', 'The chunk extensions of the body are too large.'],
};
const NO_TUNNEL: [ProblemKind, string] = [
  'malformed-request',
  'The request is not well-formed HTTP/1.1 here: this server opens no tunnels (CONNECT); its targets are paths (/…).',
];
const MALFORMED: [ProblemKind, string] = [
  'malformed-request',
  'The request is not well-formed HTTP/1.1: its request line, a header or its framing (Content-Length, Transfer-Encoding) cannot be read.',
];

/**
 * What the HTTP server refuses before the app sees a request gets the problem
 * openapi.yaml declares, with a new X-Request-Id (its headers may never have
 * arrived or been read), instead of Node's bare status: a slow sender cut off by
 * the server's timeouts 408, headers over the limits 431, malformed framing and
 * CONNECT 400. `observe` is told of each (a log line), as the app is of its requests.
 */
export function answerClientErrors(
  server: Server,
  /** The server's two that cut a slow sender (Timeouts, listen.ts, which calls this), named in the 408. */
  timeouts: { headersTimeout: number; requestTimeout: number },
  observe?: RefusalObserver,
): Server {
  // CONNECT asks for a tunnel, which this server never opens: Node would close the connection unanswered.
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    const requestId = randomUUID();
    socket.end(problemAnswer(new HttpProblem(...NO_TUNNEL), requestId), () => socket.destroy());
    observe?.(400, requestId, 'CONNECT');
  });
  return server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    // Node's own check: answer only if no response on this socket has sent its headers.
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) {
      const problem =
        error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? new HttpProblem(
              'request-timeout',
              `The request did not arrive in time: headers within ${seconds(timeouts.headersTimeout)}, ` +
                `the whole request within ${seconds(timeouts.requestTimeout)}. The connection is closed.`,
            )
          : new HttpProblem(...(NODE_REFUSALS[error.code ?? ''] ?? MALFORMED));
      const requestId = randomUUID();
      socket.write(problemAnswer(problem, requestId));
      observe?.(problem.status, requestId, error.code ?? 'unknown');
    }
    socket.destroy(error);
  });
}

function problemAnswer(problem: HttpProblem, requestId: string): string {
  const body = JSON.stringify({ ...problem.toJSON(), requestId });
  const headers = [
    ['Content-Type', 'application/problem+json; charset=utf-8'],
    ['Content-Length', String(Buffer.byteLength(body))],
    [REQUEST_ID_HEADER, requestId],
    ...SECURITY_HEADERS,
  ];
  return `${statusLine(problem.status)}${headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n${body}`;
}

const seconds = (ms: number) => `${ms / 1000} s`;
const statusLine = (status: number) => `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n`;

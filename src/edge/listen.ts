import { createServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Express } from 'express';
import { readKeyPair, type HttpsFiles } from '../config/https.js';
import { reloadCertificate } from './certificate-reload.js';
import { answerClientErrors, HEADER_LIMITS } from './client-errors.js';
import { refusalObserverOf } from '../observability/observe.js';

export interface Timeouts {
  /** Whole headers must arrive within this. */
  headersTimeout: number;
  /** The whole request, body included, must arrive within this. */
  requestTimeout: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeout: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 5_000 };

/**
 * The HTTP server for the app, with timeouts so slow senders cannot hold connections open;
 * HTTPS with `https` (TLS_CERT_FILE, TLS_KEY_FILE), its certificate read again when the files change.
 */
export function createHttpServer(
  app: Express,
  timeouts: Timeouts = DEFAULT_TIMEOUTS,
  https?: { files: HttpsFiles; log: (level: 'info' | 'warn', line: string) => void },
): Server {
  const options = {
    headersTimeout: timeouts.headersTimeout,
    requestTimeout: timeouts.requestTimeout,
    connectionsCheckingInterval: Math.min(1_000, timeouts.headersTimeout),
    // Query strings may carry a 4096-character cursor; past this, the 431 problem (src/edge/client-errors.ts).
    maxHeaderSize: HEADER_LIMITS.bytes,
    // Node answers a missing Host with a bare 400; the app answers it as the declared problem (src/edge/framing.ts).
    requireHostHeader: false,
  };
  let server: Server;
  if (https) {
    const secure = createHttpsServer({ ...options, ...readKeyPair(https.files) }, app);
    reloadCertificate(secure, https.files, https.log);
    server = secure;
  } else server = createServer(options, app);
  server.keepAliveTimeout = timeouts.keepAliveTimeout;
  server.maxHeadersCount = HEADER_LIMITS.fields; // past it, the 431 problem too
  // An expectation other than 100-continue is ignored (RFC 9110 §10.1.1 allows it), not Node's bare 417: the request is served.
  server.on('checkExpectation', (req, res) => server.emit('request', req, res));
  return answerClientErrors(server, timeouts, refusalObserverOf(app));
}

import { createServer, type Server } from 'node:http';
import type { Express } from 'express';
import { answerClientErrors } from './client-errors.js';

export interface Timeouts {
  /** Whole headers must arrive within this. */
  headersTimeout: number;
  /** The whole request, body included, must arrive within this. */
  requestTimeout: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeout: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 5_000 };

/** The HTTP server for the app, with timeouts so slow senders cannot hold connections open. */
export function createHttpServer(app: Express, timeouts: Timeouts = DEFAULT_TIMEOUTS): Server {
  const server = createServer(
    {
      headersTimeout: timeouts.headersTimeout,
      requestTimeout: timeouts.requestTimeout,
      connectionsCheckingInterval: Math.min(1_000, timeouts.headersTimeout),
      // Query strings may carry a 4096-character cursor; past this, the 431 problem (src/edge/client-errors.ts).
      maxHeaderSize: 64 * 1024,
    },
    app,
  );
  server.keepAliveTimeout = timeouts.keepAliveTimeout;
  return answerClientErrors(server, timeouts);
}

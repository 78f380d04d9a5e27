import type { ErrorRequestHandler, Request } from 'express';
import { countRefusal } from '../observability/http-metrics.js';
import { requestIdOf } from '../observability/request-id.js';
import { reportError } from '../observability/request-log.js';
import { DocumentTooLargeError } from '../lib/document-cap.js';
import { QuotaExceededError, StoreFullError, StoreUnavailableError } from '../store/store.js';
import { HttpProblem, type ProblemKind } from './problem.js';
import type { ValidatorError } from './field-errors.js';
import { unsupportedMediaType, validationProblem } from './validation-problem.js';

/** Seconds a client is asked to wait when the store cannot serve. */
const RETRY_AFTER = '5';

interface StatusError {
  status?: number;
  type?: string;
  message?: string;
  errors?: ValidatorError[];
  headers?: Record<string, string>;
}

/** The 5xx refusals made by design: too much in flight, no sandbox session free, the process stopping. */
const BY_DESIGN = new Set<string>(['overloaded', 'sessions-in-use', 'stopping']);

/** Every error leaves as application/problem+json with the request's id; 5xx bodies say nothing internal. */
export const handleError: ErrorRequestHandler = (error: unknown, req, res, next) => {
  const problem = problemOf(error, req);
  // The request's log line carries it, stack and all; a refusal by design is no failure: its line names it, a warning.
  if (problem.status >= 500 && BY_DESIGN.has(problem.kind)) res.locals.refused = problem.kind;
  else if (problem.status >= 500) reportError(res, error);
  // Work refused: /api requests, and any whose Host is not served; /readyz's 503 is the probe's answer, not a refusal.
  if (problem.kind === 'host-not-allowed' || req.originalUrl.startsWith('/api/')) countRefusal(problem.kind);
  if (res.headersSent) {
    next(error);
    return;
  }
  // A 5xx says when to retry, not how many writes are left: the allowance is left to the next answer (openapi.yaml's RateLimit).
  if (problem.status >= 500) for (const name of ['RateLimit', 'RateLimit-Policy']) res.removeHeader(name);
  for (const [name, value] of Object.entries(problem.options.headers ?? {})) res.set(name, value);
  // A body refused unread may never finish arriving: close the connection rather than wait for it (RFC 9112 §9.6).
  if (hasUnreadBody(req)) res.set('Connection', 'close');
  const document = { ...problem.toJSON(), requestId: requestIdOf(res) };
  res.locals.problem = document; // for whoever reports the request afterwards (the sandbox's request history)
  res.status(problem.status).type('application/problem+json').json(document);
};

function hasUnreadBody(req: Request): boolean {
  const declared = req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0';
  return declared && !req.readableEnded;
}

/** The problem an error is answered with (its status decides what a refused create keeps: src/edge/idempotency.ts). */
export function problemOf(error: unknown, req: Request): HttpProblem {
  if (error instanceof HttpProblem) return error;
  if (error instanceof StoreUnavailableError) {
    return new HttpProblem(
      'unavailable',
      'The store cannot serve this request now, and nothing of it was kept. Retry later.',
      {
        headers: { 'Retry-After': RETRY_AFTER },
      },
    );
  }
  if (error instanceof QuotaExceededError) return quotaProblem(error);
  if (error instanceof DocumentTooLargeError) return new HttpProblem('document-too-large', error.message);
  if (error instanceof StoreFullError) {
    return new HttpProblem(
      'storage-full',
      `The store is full: ${error.message}. Nothing was stored; deleting records makes room.`,
    );
  }
  const failure = (typeof error === 'object' && error !== null ? error : {}) as StatusError;
  const fromParser = parserProblem(failure);
  if (fromParser) return fromParser;
  switch (failure.status) {
    case 400:
      return validationProblem(failure.errors ?? [], req);
    case 404:
      return new HttpProblem('not-found', 'No such route.');
    case 405:
      return new HttpProblem('method-not-allowed', 'This path does not serve that method.', {
        headers: { Allow: (failure.headers?.Allow ?? '').toUpperCase() },
      });
    case 412: // a file sent beside the API (/openapi.yaml, /docs, the sandbox's page), changed since the precondition's
      return new HttpProblem(
        'precondition-failed',
        'If-Match or If-Unmodified-Since does not hold for this file as it is now; GET it again.',
      );
    case 413:
      return new HttpProblem('payload-too-large', 'The body is over the size limit.');
    case 415:
      return unsupportedMediaType(req);
    case 416: // a file sent beside the API; send has set Content-Range: bytes */<length>
      return new HttpProblem(
        'range-not-satisfiable',
        'No range the Range header asks for lies within this file; Content-Range gives its length.',
      );
    default:
      return new HttpProblem('internal', 'Something went wrong on our side.');
  }
}

function quotaProblem({ kind, limit, used, setting }: QuotaExceededError): HttpProblem {
  // Named where the quotas were set (config's storeQuotas); quotas handed to a store unnamed say only what they count.
  const named = setting ?? { variable: 'QUOTA_BYTES', counts: kind === 'bytes' ? 'bytes stored' : 'records' };
  const { variable, counts, remedy = 'delete something to make room' } = named;
  return new HttpProblem(
    'quota-exceeded',
    `This would pass a quota: ${used} ${counts} of the ${limit} allowed (${variable}). Nothing was stored; ${remedy}.`,
    { extensions: { quota: variable, limit, used } },
  );
}

const PARSER_KINDS: Record<string, [ProblemKind, string]> = {
  'entity.parse.failed': ['malformed-json', 'The body could not be parsed as JSON.'],
  'body.empty': ['malformed-json', 'The body is empty; send a JSON document.'],
  'body.not-utf8': ['malformed-json', 'The body is not valid UTF-8; JSON bodies are UTF-8 text.'],
  'entity.too.large': ['payload-too-large', 'The body is over the size limit.'],
  'charset.unsupported': ['unsupported-media-type', 'Bodies must be UTF-8 JSON.'],
  'encoding.unsupported': [
    'unsupported-media-type',
    'Bodies are taken uncompressed: send no Content-Encoding (or identity).',
  ],
  'request.aborted': ['validation-failed', 'The request body ended early.'],
  'request.size.invalid': ['validation-failed', 'The body length does not match Content-Length.'],
};

function parserProblem(failure: StatusError): HttpProblem | undefined {
  const entry = failure.type === undefined ? undefined : PARSER_KINDS[failure.type];
  return entry && new HttpProblem(entry[0], entry[1]);
}

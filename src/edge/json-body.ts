import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, RequestHandler } from 'express';
import { HttpProblem } from '../errors/problem.js';

const JSON_TYPES = ['application/json', 'application/merge-patch+json'];

/** The charset parameter of a Content-Type (RFC 9110 §8.3.1: case-insensitive, perhaps quoted). */
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)/i;

/**
 * A JSON literal can only parse to ±Infinity with an exponent of three digits or more, or
 * with over 308 digits before the point; bodies without either skip the walk that finds it.
 */
const MAY_OVERFLOW = /[eE][+-]?\d{3}|\d{309}/;

/** A failure the error handler names by its `type` (src/errors/error-handler.ts), as body-parser's were. */
const failure = (type: string, message: string) => Object.assign(new Error(message), { type });

/**
 * Reads a JSON body as the contract says bodies are: JSON in UTF-8 and nothing else.
 * A charset other than utf-8 and any Content-Encoding but identity get 415 before the
 * body is read; a body over `bodyLimit` bytes 413 (before it is read when Content-Length
 * says so); an empty body, invalid UTF-8, text that is not one JSON object or array and a
 * number no double holds get 400. Bodies of other media types are left for the validator's
 * 415. What express.json() did, without its per-request media-type parsing and decoder lookup.
 */
export function jsonBody(bodyLimit: number): RequestHandler[] {
  return [(req, _res, next) => readJson(req, bodyLimit, next)];
}

function readJson(req: Request, bodyLimit: number, next: NextFunction): void {
  const type = req.headers['content-type'];
  if (type === undefined) return next();
  const json = type === 'application/json' || Boolean(req.is(JSON_TYPES)); // req.is is null without a body
  const charset = type === 'application/json' ? undefined : CHARSET.exec(type)?.[1];
  // Another media type is the validator's 415, which names the types taken.
  if (json && charset !== undefined && charset.toLowerCase() !== 'utf-8') {
    throw new HttpProblem(
      'unsupported-media-type',
      `Bodies are JSON in UTF-8: send no charset, or charset=utf-8, not charset=${charset}.`,
    );
  }
  if (!json || req.readableEnded || !hasBody(req)) return next();
  const encoding = req.headers['content-encoding'];
  if (encoding !== undefined && encoding.toLowerCase() !== 'identity')
    throw failure('encoding.unsupported', 'content encoding unsupported');
  const length = Number(req.headers['content-length']);
  if (length > bodyLimit) return drain(req, () => next(failure('entity.too.large', 'request entity too large')));
  readAll(req, bodyLimit, (error, body) => {
    if (error) return next(error);
    try {
      req.body = parsed(body as Buffer);
    } catch (error) {
      return next(error);
    }
    next();
  });
}

/** As type-is decides: a request has a body when it says how it is framed. */
function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || !Number.isNaN(Number(req.headers['content-length']));
}

/** The body's bytes, or why there are none: over `limit` (413, once the rest was read off), or the request ended early. */
function readAll(req: IncomingMessage, limit: number, done: (error: Error | undefined, body?: Buffer) => void): void {
  const chunks: Buffer[] = [];
  let bytes = 0;
  const onData = (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > limit) {
      cleanUp();
      chunks.length = 0;
      return drain(req, () => done(failure('entity.too.large', 'request entity too large')));
    }
    chunks.push(chunk);
  };
  const onEnd = () => {
    cleanUp();
    done(undefined, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, bytes));
  };
  const onClose = () => {
    cleanUp();
    done(failure('request.aborted', 'request aborted'));
  };
  const onError = (error: Error) => {
    cleanUp();
    done(Object.assign(error, { type: 'request.aborted' }));
  };
  const cleanUp = () => {
    req.off('data', onData).off('end', onEnd).off('close', onClose).off('error', onError);
  };
  req.on('data', onData).on('end', onEnd).on('close', onClose).on('error', onError);
}

/** Reads off the rest of the request, so the connection can carry the answer, then calls `then`. */
function drain(req: IncomingMessage, then: () => void): void {
  if (req.readableEnded || req.destroyed) return then();
  req.resume();
  req.once('end', then).once('close', () => req.off('end', then));
}

/** The body as JSON: UTF-8, one object or array (as body-parser's strict mode), every number finite. */
function parsed(body: Buffer): unknown {
  // body-parser read an empty body as {}; it is not a JSON document.
  if (body.length === 0) throw failure('body.empty', 'empty body');
  // A decoder would read bad bytes as U+FFFD and store that: refuse them instead.
  if (!isUtf8(body)) throw failure('body.not-utf8', 'not UTF-8');
  const text = body.toString('utf8');
  const first = /^[\x20\t\n\r]*(.)/.exec(text)?.[1];
  if (first !== '{' && first !== '[') throw failure('entity.parse.failed', 'the body is not a JSON object or array');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw Object.assign(error as Error, { type: 'entity.parse.failed' });
  }
  const path = MAY_OVERFLOW.test(text) ? nonFinitePath(value) : undefined;
  if (path !== undefined) {
    throw new HttpProblem(
      'validation-failed',
      'The body holds a number too large for a double; JSON numbers here must be finite.',
      {
        errors: [{ path: `/body${path}`, message: 'must be a finite number (at most about 1.8e308)' }],
      },
    );
  }
  return value;
}

/** The JSON pointer of the first ±Infinity in `value`, without recursion; undefined when there is none. */
function nonFinitePath(value: unknown): string | undefined {
  const pending: [unknown, string][] = [[value, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, path] = next;
    if (typeof node === 'number' && !Number.isFinite(node)) return path;
    if (typeof node !== 'object' || node === null) continue;
    for (const [key, child] of Object.entries(node))
      pending.push([child, `${path}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`]);
  }
  return undefined;
}

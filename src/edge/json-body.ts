import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { HttpProblem } from '../errors/problem.js';
import { readIJson } from '../lib/i-json.js';

const JSON_TYPES = ['application/json', 'application/merge-patch+json'];

/** The charset parameter of a Content-Type (RFC 9110 §8.3.1: case-insensitive, perhaps quoted). */
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)/i;

/** What a body that JSON.parse takes is told when it is not I-JSON (iJsonFault names where). */
const NOT_I_JSON =
  'The body is JSON but not I-JSON (RFC 7493), as openapi.yaml requires: each member named once in its object, numbers a double holds exactly, no lone surrogates.';

/** A failure the error handler names by its `type` (src/errors/error-handler.ts), as body-parser's were. */
const failure = (type: string, message: string) => Object.assign(new Error(message), { type });

/**
 * Reads a JSON body as the contract says bodies are: JSON in UTF-8 and nothing else.
 * A charset other than utf-8 and any Content-Encoding but identity get 415 before the
 * body is read; a body over `bodyLimit` bytes 413 (before it is read when Content-Length
 * says so); an empty body, invalid UTF-8, text that is not one JSON object or array, and
 * JSON that is not I-JSON (RFC 7493: a name twice, a number no double holds exactly, a lone
 * surrogate) get 400. Bodies of other media types are left for the validator's
 * 415. What express.json() did, without its per-request media-type parsing and decoder lookup.
 */
export function jsonBody(bodyLimit: number): RequestHandler[] {
  return [(req, res, next) => readJson(req, res, bodyLimit, next)];
}

// The body's depth and values, counted as it was read (readIJson), beside the values of src/observability/request-locals.ts.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- express types res.locals as this global interface
  namespace Express {
    interface Locals {
      /** Set with req.body by the parser; read by limitBodyDepth (src/edge/body-depth.ts), which need not walk it. */
      bodyShape?: { depth: number; values: number };
    }
  }
}

function readJson(req: Request, res: Response, bodyLimit: number, next: NextFunction): void {
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
      const { value, depth, values } = parsed(body as Buffer);
      req.body = value;
      res.locals.bodyShape = { depth, values };
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
  // Closed by its client during an earlier step (a session being made, a key set fetched): its close has been and gone,
  // so waiting for an end or a close would hold the request, and whatever it holds, for ever.
  if (req.destroyed) return done(failure('request.aborted', 'request aborted'));
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

/** The body as JSON: UTF-8, one object or array (as body-parser's strict mode), and I-JSON; with its depth and values. */
function parsed(body: Buffer): { value: unknown; depth: number; values: number } {
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
  const { fault, depth, values } = readIJson(text);
  if (fault !== undefined)
    throw new HttpProblem('validation-failed', NOT_I_JSON, {
      errors: [{ path: `/body${fault.pointer}`, message: fault.message }],
    });
  return { value, depth, values };
}

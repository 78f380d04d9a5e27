import { isUtf8 } from 'node:buffer';
import express, { type Request, type RequestHandler } from 'express';
import { operationMatcher } from '../contract/declared-operation.js';
import { HttpProblem } from '../errors/problem.js';
import { inOrder } from './steps.js';

const JSON_TYPES = ['application/json', 'application/merge-patch+json'];

/** The charset parameter of a Content-Type (RFC 9110 §8.3.1: case-insensitive, perhaps quoted). */
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)/i;

/**
 * A JSON literal can only parse to ±Infinity with an exponent of three digits or more, or
 * with over 308 digits before the point; bodies without either skip the walk that finds it.
 */
const MAY_OVERFLOW = /[eE][+-]?\d{3}|\d{309}/;

/** Bodies whose text may hold a number too large for a double, found while it was read. */
const mayOverflow = new WeakSet<Request>();

/**
 * Reads a JSON body as the contract says bodies are: JSON in UTF-8 and nothing else.
 * A charset other than utf-8 and any Content-Encoding but identity get 415 before the
 * body is read; an empty body, invalid UTF-8 and a number no double holds get 400.
 * Bodies of other media types are left for the validator's 415.
 */
export function jsonBody(bodyLimit: number): RequestHandler[] {
  return [refuseOtherCharsets, express.json({ limit: bodyLimit, type: JSON_TYPES, inflate: false, verify: checkText }), refuseNonFinite];
}

/**
 * jsonBody, only for an operation openapi.yaml declares a body for: GET and DELETE answer as
 * if none was sent (it is not read, and the connection is closed after the answer rather than
 * drained), and so do an unknown path's 404 and a method's 405.
 */
export function declaredBody(bodyLimit: number): RequestHandler {
  const read = inOrder(...jsonBody(bodyLimit));
  const operationOf = operationMatcher();
  return (req, res, next) => {
    if (operationOf(req)?.requestBody !== undefined) {
      read(req, res, next);
      return;
    }
    if (req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0') res.setHeader('Connection', 'close');
    next();
  };
}

const refuseOtherCharsets: RequestHandler = (req, _res, next) => {
  const charset = CHARSET.exec(req.headers['content-type'] ?? '')?.[1];
  // Another media type is the validator's 415, which names the types taken.
  if (charset !== undefined && charset.toLowerCase() !== 'utf-8' && req.is(JSON_TYPES)) {
    throw new HttpProblem('unsupported-media-type', `Bodies are JSON in UTF-8: send no charset, or charset=utf-8, not charset=${charset}.`);
  }
  next();
};

function checkText(req: Request, _res: unknown, body: Buffer): void {
  // body-parser reads an empty body as {}; it is not a JSON document.
  if (body.length === 0) throw Object.assign(new Error('empty body'), { type: 'body.empty' });
  // body-parser would decode bad bytes as U+FFFD and store that: refuse them instead.
  if (!isUtf8(body)) throw Object.assign(new Error('not UTF-8'), { type: 'body.not-utf8' });
  if (MAY_OVERFLOW.test(body.toString('latin1'))) mayOverflow.add(req);
}

const refuseNonFinite: RequestHandler = (req, _res, next) => {
  const path = mayOverflow.has(req) ? nonFinitePath(req.body) : undefined;
  if (path !== undefined) {
    throw new HttpProblem('validation-failed', 'The body holds a number too large for a double; JSON numbers here must be finite.', {
      errors: [{ path: `/body${path}`, message: 'must be a finite number (at most about 1.8e308)' }],
    });
  }
  next();
};

/** The JSON pointer of the first ±Infinity in `value`, without recursion; undefined when there is none. */
function nonFinitePath(value: unknown): string | undefined {
  const pending: [unknown, string][] = [[value, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, path] = next;
    if (typeof node === 'number' && !Number.isFinite(node)) return path;
    if (typeof node !== 'object' || node === null) continue;
    for (const [key, child] of Object.entries(node)) pending.push([child, `${path}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`]);
  }
  return undefined;
}

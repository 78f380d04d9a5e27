import type { ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { HttpProblem } from '../errors/problem.js';

/**
 * What RFC 9112 says a server must refuse before reading a request, refused here as the declared 400 problem (Node
 * serves each): a `Transfer-Encoding` other than `chunked` alone, which Node reads as chunked when `chunked` comes last
 * (§6.1: 501 or 400), any `Transfer-Encoding` on HTTP/1.0 (§6.1: faulty framing), an HTTP/1.1 request with no `Host` or
 * any request with two (§3.2), and a request behind one answered with `Connection: close` (§9.6: never processed).
 */
export const refuseBadFraming: RequestHandler = (req, res, next) => {
  if (closing(req, res)) throw malformed(res, 'An earlier request on this connection was refused, and it is closing.');
  const coding = req.headers['transfer-encoding'];
  if (coding !== undefined && req.httpVersion === '1.0')
    throw malformed(res, 'HTTP/1.0 has no Transfer-Encoding: send Content-Length.');
  if (coding !== undefined && coding.trim().toLowerCase() !== 'chunked')
    throw malformed(res, `Transfer-Encoding takes chunked only, not ${JSON.stringify(coding)}.`);
  const hosts = hostFields(req.rawHeaders);
  if (hosts > 1 || (hosts === 0 && req.httpVersion === '1.1'))
    throw malformed(res, `An HTTP/1.1 request has exactly one Host field, not ${hosts}.`);
  next();
};

/** The 400 malformed-request, answered with `Connection: close`: what the connection carries next is not read. */
export function malformed(res: Response, detail: string): HttpProblem {
  res.setHeader('Connection', 'close');
  return new HttpProblem('malformed-request', `The request is not well-formed HTTP/1.1: ${detail}`);
}

/** Whether an answer before this one on its connection (pipelined) said the connection closes after it. */
function closing(req: Request, res: Response): boolean {
  if (req.socket.writableEnded) return true; // that answer is sent, and Node is closing the connection
  // Node's own record of the answer being written on the connection (client-errors.ts reads it too).
  const current = (req.socket as { _httpMessage?: ServerResponse | null })._httpMessage;
  return current !== undefined && current !== null && current !== res && current.getHeader('connection') === 'close';
}

function hostFields(raw: string[]): number {
  let count = 0;
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index];
    if (name?.length === 4 && name.toLowerCase() === 'host') count++;
  }
  return count;
}

import type { Express, Request, RequestHandler, Response } from 'express';
import { requestIdOf } from '../observability/request-id.js';
import { keepExchange } from './expectations.js';
import { headOf } from './logged-headers.js';
import type { KeptRequest } from './logged-entry.js';
import { loggedBody, loggedPath } from './logged-values.js';
import { sandboxOf, type SandboxLocals } from './sandbox-locals.js';

// What a session's log keeps of each request: its body as sent, the answer's body, and the entry made when it is answered.

/**
 * Every answer's body, as res.json is given it, kept for the log: set once on the app's response
 * prototype, so no request pays for a wrapper of its own.
 */
export function keepAnswers(app: Express): Express {
  const json = app.response.json;
  app.response.json = function keep(this: Response, body: unknown) {
    const locals = this.locals.sandbox;
    if (locals) locals.response = body;
    return json.call(this, body);
  };
  return app;
}

/** Once the body is parsed, before validation: keeps it for the log, as sent. */
export const keepBody: RequestHandler = (req, res, next) => {
  if (req.body !== undefined && res.locals.sandbox) {
    const declared = req.headers['content-length']; // a chunked body is measured
    const text = loggedBody(req.body, declared === undefined ? undefined : Number(declared));
    if (text !== undefined) sandboxOf(res).body = text;
  }
  next();
};

/** Logs the answered request to its session, unless it is an OPTIONS; whether it did. */
export function logRequest(req: Request, res: Response, locals: SandboxLocals, started: number): boolean {
  if (req.method === 'OPTIONS') return false;
  const problem = res.statusCode >= 400 ? (locals.problem ?? res.locals.problem) : undefined;
  // Members set one by one, in the order the log has always listed them: cheaper than spreading optional ones.
  const entry: KeptRequest = {
    at: new Date().toISOString(),
    requestId: requestIdOf(res),
    method: req.method,
    path: loggedPath(req.originalUrl),
    status: res.statusCode,
    ms: Math.round((performance.now() - started) * 10) / 10,
  };
  if (typeof req.headers.prefer === 'string') entry.prefer = req.headers.prefer;
  if (locals.body !== undefined) entry.body = locals.body;
  if (problem !== undefined) entry.problem = JSON.stringify(problem);
  // An answer over LOGGED_BODY_BYTES, by the Content-Length it was sent with, is noted without a copy made.
  const answer =
    res.statusCode < 400 && locals.response !== undefined
      ? loggedBody(locals.response, Number(res.getHeader('content-length') ?? 0))
      : undefined;
  if (answer !== undefined) entry.response = answer;
  // Both sides' headers as they are at hand, at about no cost; made into objects, redacted, only when listed.
  entry.requestHeaders = JSON.stringify(req.headers);
  const head = headOf(res);
  if (head !== undefined) entry.responseHead = head;
  keepExchange(entry, res, locals.session); // what expectations need: headers, segment, failures on purpose
  locals.session.log.add(entry);
  return true;
}

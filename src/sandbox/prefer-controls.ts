import { setTimeout as sleep } from 'node:timers/promises';
import type { RequestHandler, Response } from 'express';
import { declaredMethods } from '../contract/declared-methods.js';
import type { Contract } from '../contract/declared-responses.js';
import { operationIdOf } from '../contract/operation-id.js';
import type { OpenApiDocument } from '../contract/spec.js';
import { HttpProblem } from '../errors/problem.js';
import { requestIdOf } from '../observability/request-id.js';
import { ControlError, parsePrefer, preferredResponse } from './prefer.js';

/**
 * After validation, before the handlers: `Prefer: delay=<ms>` waits; the session's
 * failure rate answers 503; `Prefer: code=…, example=…` answers with that declared
 * response and its named example, as the Prism mock does, storing nothing.
 */
export function preferControls(contract: Contract, spec: OpenApiDocument): RequestHandler {
  return async (req, res, next) => {
    const session = res.locals.sandbox?.session; // API requests only: the probes and metrics answer Prefer too, in no session
    // Most requests ask for nothing: no header to parse, no failure to draw.
    if (req.headers.prefer === undefined && !session?.settings.failureRate) return next();
    let preferences;
    try {
      preferences = parsePrefer(typeof req.headers.prefer === 'string' ? req.headers.prefer : undefined);
      if (preferences.delayMs) await sleep(preferences.delayMs);
      if (session?.fails()) {
        res.locals.failedOnPurpose = true; // logged at info: the sandbox chose it, nothing went wrong
        throw new HttpProblem(
          'unavailable',
          "The sandbox failed this request on purpose (the session's failureRate); nothing was stored. Retry after Retry-After seconds.",
          {
            headers: { 'Retry-After': '1' },
          },
        );
      }
      const operationId = operationIdOf(req);
      const preferred = operationId === undefined ? undefined : preferredResponse(contract, operationId, preferences);
      if (!preferred) return next();
      res.status(preferred.status);
      // The rate counted this write, but a status that does not declare its fields (a 401, 405, 421, any 5xx) says none.
      for (const name of RATE_FIELDS) if (!(name in preferred.response.headers)) res.removeHeader(name);
      for (const [name, value] of Object.entries(preferred.response.headers))
        if (!res.hasHeader(name)) res.setHeader(name, value);
      if (res.hasHeader('Allow') && operationId) res.setHeader('Allow', methodsAt(contract, spec, operationId)); // the path's, not the example's
      if (preferred.body === undefined) return void res.end();
      const { body } = preferred;
      const sent =
        typeof body === 'object' && body !== null && 'requestId' in body
          ? { ...body, requestId: requestIdOf(res) }
          : body;
      if (preferred.status >= 400 && res.locals.sandbox) res.locals.sandbox.problem = sent;
      res.type(preferred.response.mediaType ?? 'application/json').json(sent);
    } catch (error) {
      if (!(error instanceof ControlError)) throw error;
      refuseControl(res, error.message);
    }
  };
}

const RATE_FIELDS = ['RateLimit', 'RateLimit-Policy'];

/** The methods the path of `operationId` serves, as a 405's `Allow` names them. */
function methodsAt({ operations }: Contract, spec: OpenApiDocument, operationId: string): string {
  const path = operations.find((operation) => operation.operationId === operationId)?.path;
  return path === undefined ? '' : declaredMethods(spec, path).join(', ');
}

/**
 * A control the sandbox cannot follow: 400 naming the header. Written past the
 * response check, since the operation may declare no 400: it is the sandbox's, not the contract's.
 */
function refuseControl(res: Response, message: string): void {
  const refused = new HttpProblem('validation-failed', `The sandbox cannot follow Prefer: ${message}.`, {
    errors: [{ path: '/headers/prefer', message }],
  });
  const problem = { ...refused.toJSON(), requestId: requestIdOf(res) };
  if (res.locals.sandbox) res.locals.sandbox.problem = problem;
  res.status(400).type('application/problem+json').end(JSON.stringify(problem));
}

import { Router, type RequestHandler } from 'express';
import { responseChecker, type CheckResponse } from '../contract/response-check.js';
import type { OpenApiDocument } from '../contract/spec.js';
import { EXACT_ROUTING } from '../edge/routing.js';
import { HttpProblem } from '../errors/problem.js';
import type { LoggedRequest } from './logged-entry.js';
import { isNote } from './logged-values.js';
import type { Sessions } from './sessions.js';
import { stateOf } from './state.js';
import { sessionNameOf } from './session-name.js';

/**
 * What the sandbox's page reads of the session a request names (X-Sandbox-Session), without making it: its state by
 * collection, and one logged request with whether its answer fits openapi.yaml. Outside the
 * contract, as the other /sandbox/ routes.
 */
export function inspectRoutes(
  sessions: Sessions,
  contract: OpenApiDocument,
  seedState: () => Promise<string>,
): RequestHandler {
  const router = Router(EXACT_ROUTING);
  let checker: CheckResponse | undefined; // compiled on first use: most sandboxes are never looked at
  // Looking makes no session: one not held shows the seed it would start from.
  router.get('/sandbox/state', async (req, res) => {
    const session = sessions.find(sessionNameOf(req));
    res.type('application/json').send(session ? await stateOf(session.store) : await seedState());
  });
  router.get('/sandbox/requests/:n', (req, res) => {
    const n = /^[1-9]\d{0,15}$/.test(String(req.params.n)) ? Number(req.params.n) : undefined;
    if (n === undefined) {
      throw new HttpProblem('validation-failed', 'GET /sandbox/requests/{n} takes the number of a logged request.', {
        errors: [{ path: '/path/n', message: 'must be a whole number from 1' }],
      });
    }
    const logged = sessions.find(sessionNameOf(req))?.log.find(n);
    if (!logged)
      throw new HttpProblem('not-found', `This session's log does not hold request ${n}: it keeps the last 100.`);
    res.json({ ...logged, contract: contractOf(logged, (checker ??= responseChecker(contract))) });
  });
  for (const path of ['/sandbox/state', '/sandbox/requests/:n'])
    router.all(path, () => {
      throw new HttpProblem('method-not-allowed', `${path} is read with GET only.`, { headers: { Allow: 'GET' } });
    });
  return (req, res, next) => (req.url.startsWith('/sandbox/') ? router(req, res, next) : next());
}

/** Whether the answer fits openapi.yaml (its status, media type and body), or why it was not checked. */
function contractOf(logged: LoggedRequest, check: CheckResponse) {
  const { method, path, status, problem, response, responseHeaders } = logged;
  const body = status >= 400 ? problem : response;
  if (isNote(body)) return { checked: false, why: 'the body was over 16 KiB and not kept' };
  const violations = check({ method, path, status, contentType: responseHeaders?.['content-type'], body });
  return { checked: true, fits: violations.length === 0, violations };
}

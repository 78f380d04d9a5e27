import { Router, type Request, type RequestHandler, type Response } from 'express';
import { jsonBody } from '../edge/json-body.js';
import { HttpProblem } from '../errors/problem.js';
import { EXACT_ROUTING } from '../edge/routing.js';
import { tellDrop } from './controls.js';
import { describeSession } from './describe-session.js';
import { expectationsOf } from './expectations.js';
import { parseScenario } from './scenario-document.js';
import { SCENARIO_NAME, type Scenarios } from './scenarios.js';
import { settingsOf } from './session-settings.js';
import { SESSION_COOKIE, SESSION_HEADER, type Sessions } from './sessions.js';
import { sessionNameOf } from './session-name.js';

/**
 * The sandbox's own routes, outside the contract as /docs is: mounted before
 * validation, and only here, never in the real service.
 */
export function sandboxRoutes(
  sessions: Sessions,
  scenarios: Scenarios,
  bodyLimit: number,
  examples: Map<string, unknown>,
): RequestHandler {
  const router = Router(EXACT_ROUTING);
  const only = (path: string, method: string, what: string) =>
    router.all(path, () => {
      throw new HttpProblem('method-not-allowed', `${method} ${path} ${what}; no other method is served here.`, {
        headers: { Allow: method },
      });
    });
  router.post('/sandbox/reset', ...jsonBody(bodyLimit), async (req, res) => {
    // A body that is not JSON (a form's text/plain) would be ignored, and its scenario with it: refused instead.
    const sent = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    if (sent && req.body === undefined)
      throw new HttpProblem(
        'unsupported-media-type',
        'POST /sandbox/reset takes no body, or a JSON one (application/json).',
      );
    const name = sessionNameOf(req);
    const settings = settingsOf(req.body);
    if (settings.scenario !== undefined && !(await scenarios.fresh(settings.scenario))) {
      const known = scenarios.list().map((scenario) => scenario.name);
      throw new HttpProblem(
        'not-found',
        `No scenario ${settings.scenario}; the sandbox knows ${known.length ? known.join(', ') : 'none'} (mocks/scenarios/, PUT /sandbox/scenarios/{name}).`,
      );
    }
    tellDrop(res, await sessions.replace(name, settings, req.socket.remoteAddress));
    // A page that named its session by header keeps it in a cookie too (sent where the page and the sandbox are one site).
    if (req.headers[SESSION_HEADER.toLowerCase()] !== undefined)
      res.cookie(SESSION_COOKIE, name, { path: '/', sameSite: 'lax' });
    res.status(204).end();
  });
  only('/sandbox/reset', 'POST', 'puts this session back to the seed, or to a scenario');
  router.get('/sandbox/session', async (req, res) => {
    res.json(await describeSession(sessions, sessionNameOf(req), scenarios, examples));
  });
  only('/sandbox/session', 'GET', 'shows this session');
  router.get('/sandbox/requests', (req, res) => requests(sessions, scenarios, examples, req, res));
  only('/sandbox/requests', 'GET', "lists this session's requests");
  router.get('/sandbox/scenarios', (_req, res) => {
    res.json({
      items: scenarios.list().map(({ name, description, steps }) => ({
        name,
        ...(description === undefined ? {} : { description }),
        steps,
      })),
    });
  });
  only('/sandbox/scenarios', 'GET', 'lists the scenarios');
  router.put('/sandbox/scenarios/:name', ...jsonBody(bodyLimit), async (req, res) => {
    const name = String(req.params.name);
    if (!SCENARIO_NAME.test(name)) {
      throw new HttpProblem(
        'validation-failed',
        'A scenario name is 1 to 64 of A-Z a-z 0-9 . _ -, not starting with . _ or -.',
        { errors: [{ path: '/path/name', message: 'must be 1 to 64 of A-Z a-z 0-9 . _ - (a letter or digit first)' }] },
      );
    }
    const created = await scenarios.define(name, parseScenario(req.body));
    res.status(created ? 201 : 200).json({ name, steps: scenarios.get(name)?.steps });
  });
  only('/sandbox/scenarios/:name', 'PUT', 'defines this scenario');
  // Every path here is under /sandbox/: API requests go past without trying each route.
  return (req, res, next) => (req.url.startsWith('/sandbox/') ? router(req, res, next) : next());
}

async function requests(
  sessions: Sessions,
  scenarios: Scenarios,
  examples: Map<string, unknown>,
  req: Request,
  res: Response,
): Promise<void> {
  const name = sessionNameOf(req);
  const session = sessions.find(name); // looking makes no session
  const { format } = req.query;
  if (format === 'expectations')
    return void res.json(
      await expectationsOf(session, scenarios, examples, session ? undefined : sessions.dropped.get(name)),
    );
  if (format !== undefined) {
    throw new HttpProblem(
      'validation-failed',
      'GET /sandbox/requests takes format=expectations, or no format for the log itself.',
      { errors: [{ path: '/query/format', message: 'must be expectations' }] },
    );
  }
  res.type('application/json').send(`{"items":${session?.log.json() ?? '[]'}}`); // spliced from the text kept: nothing parsed
}

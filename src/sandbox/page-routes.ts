import { dirname, join } from 'node:path';
import type { Request, RequestHandler, Response } from 'express';
import { specPath } from '../contract/spec.js';
import { HttpProblem } from '../errors/problem.js';
import { eventStreams } from './event-streams.js';
import type { StreamLimits } from './sandbox-settings.js';
import type { Session } from './session.js';
import type { Sessions } from './sessions.js';

/** The page's files, in the repository: found from src/ (tsx) and from dist/ (make sandbox) alike, as /docs is. */
const folder = join(dirname(specPath), 'src', 'sandbox', 'page');

const FILES: Record<string, [file: string, type: string]> = {
  '/sandbox/': ['index.html', 'html'],
  '/sandbox/page.js': ['page.js', 'text/javascript'],
  '/sandbox/requests.js': ['requests.js', 'text/javascript'],
  '/sandbox/page.css': ['page.css', 'css'],
  '/sandbox/icon.svg': ['icon.svg', 'svg'],
};

/** Its own script, style and requests, nothing else: no inline script, no other origin, no frames. */
const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The sandbox's page (GET /sandbox/) and what it reads of every session: GET /sandbox/sessions, and
 * GET /sandbox/events (Server-Sent Events naming each session that logs a request, is reset or dropped: event-streams.ts).
 * Mounted after the Host check and before a session is entered, so looking makes no session and
 * touches none; same-origin only (no CORS).
 */
export function pageRoutes(sessions: Sessions, streams: StreamLimits): RequestHandler {
  const events = eventStreams(sessions, streams);
  const routes: Record<string, (req: Request, res: Response) => void> = {
    '/sandbox/sessions': (_req, res) => void res.json({ items: sessions.list().map(summaryOf), events: events.counts }),
    '/sandbox/events': events.serve,
    // The page's own links are relative to /sandbox/.
    '/sandbox': (req, res) => res.redirect(301, req.originalUrl.replace('/sandbox', '/sandbox/')),
  };
  for (const [path, [file, type]] of Object.entries(FILES)) {
    routes[path] = (_req, res) => {
      if (type === 'html') res.set('Content-Security-Policy', PAGE_POLICY);
      res.set('Cache-Control', 'no-cache').type(type).sendFile(file, { root: folder }); // root: a dot folder above the checkout is no hidden file
    };
  }
  return (req, res, next) => {
    const route = routes[req.path];
    if (!route) return next();
    if (req.method !== 'GET' && req.method !== 'HEAD')
      throw new HttpProblem('method-not-allowed', `${req.path} is read with GET only.`, {
        headers: { Allow: 'GET, HEAD' },
      });
    route(req, res);
  };
}

function summaryOf(session: Session) {
  const { name, settings, log, bytes, lastUsed, counted, startedAgain } = session;
  return {
    name,
    ...(settings.scenario === undefined ? {} : { scenario: settings.scenario }),
    requests: log.total,
    bytes,
    lastUsed: new Date(lastUsed).toISOString(),
    written: counted,
    ...(startedAgain ? { startedAgain } : {}),
  };
}

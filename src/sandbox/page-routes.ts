import { dirname, join } from 'node:path';
import type { Request, RequestHandler, Response } from 'express';
import { specPath } from '../contract/spec.js';
import { HttpProblem } from '../errors/problem.js';
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

/** Changes are told at most this often per page: a busy session's requests come as one event. */
const EVENT_BATCH_MS = 100;

/**
 * The sandbox's page (GET /sandbox/) and what it reads of every session: GET /sandbox/sessions, and
 * GET /sandbox/events (Server-Sent Events naming each session that logs a request, is reset or dropped).
 * Mounted after the Host check and before a session is entered, so looking makes no session and
 * touches none; same-origin only (no CORS).
 */
export function pageRoutes(sessions: Sessions): RequestHandler {
  const routes: Record<string, (req: Request, res: Response) => void> = {
    '/sandbox/sessions': (_req, res) => void res.json({ items: sessions.list().map(summaryOf) }),
    '/sandbox/events': (_req, res) => streamEvents(sessions, res),
    // The page's own links are relative to /sandbox/.
    '/sandbox': (req, res) => res.redirect(301, req.originalUrl.replace('/sandbox', '/sandbox/')),
  };
  for (const [path, [file, type]] of Object.entries(FILES)) {
    routes[path] = (_req, res) => {
      if (type === 'html') res.set('Content-Security-Policy', PAGE_POLICY);
      res.set('Cache-Control', 'no-cache').type(type).sendFile(join(folder, file));
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
  const { name, settings, log, bytes, startedAt } = session;
  return {
    name,
    ...(settings.scenario === undefined ? {} : { scenario: settings.scenario }),
    requests: log.total,
    bytes,
    lastUsed: log.lastAt ?? startedAt,
  };
}

function streamEvents(sessions: Sessions, res: Response): void {
  res.status(200).set({ 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
  res.write('retry: 1000\n\n'); // headers out now; a page reconnects a second after the sandbox restarts
  const changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    for (const name of changed) res.write(`data: ${JSON.stringify({ session: name })}\n\n`);
    changed.clear();
  };
  const stop = sessions.watch((name) => {
    changed.add(name);
    timer ??= setTimeout(flush, EVENT_BATCH_MS);
  });
  res.once('close', () => {
    stop();
    clearTimeout(timer);
  });
}

import type { IncomingMessage } from 'node:http';
import type { Express, RequestHandler } from 'express';
import { declaredMethods } from '../contract/declared-methods.js';
import type { OpenApiDocument } from '../contract/spec.js';
import { HttpProblem } from '../errors/problem.js';
import { malformed } from './framing.js';

/**
 * A request whose target is in absolute form (`GET http://host/path`, which RFC 9112 §3.2.2 says a server must accept)
 * is served as its origin form, before express reads it: its authority replaces `Host` (which the server must then
 * ignore), so the Host check reads it. Set once on the app, as the request's first step.
 */
export function servedInOriginForm(app: Express): Express {
  // express's own entry, which its types leave out: app(req, res) calls app.handle(req, res, done).
  const handled = app as Express & { handle: (req: IncomingMessage, ...rest: unknown[]) => unknown };
  const handle = handled.handle.bind(app);
  handled.handle = (req, ...rest) => {
    inOriginForm(req);
    return handle(req, ...rest);
  };
  return app;
}

function inOriginForm(req: IncomingMessage): void {
  const target = req.url ?? '';
  if (target.startsWith('/') || !/^https?:\/\//i.test(target)) return;
  const url = URL.parse(target);
  if (url === null || url.username !== '' || url.password !== '' || url.host === '') return; // refused below, as any other form
  req.url = `${url.pathname}${url.search}`;
  req.headers.host = url.host;
}

/**
 * `OPTIONS *` asks about the server (RFC 9110 §9.3.7): 204 with `Allow`, every method it serves. Any other target that
 * is not a path (`*` with another method, another scheme, `user@host`, none of the forms) is 400 malformed-request.
 * A path with a segment's parameter (`/api/streams/nav;v=2`, RFC 3986 §3.3) names no path of the contract, which has
 * none: 404, whatever the method, as any other spelling (a `;` inside a parameter's value is written `%3B`).
 */
export function answerOtherTargets(contract: OpenApiDocument): RequestHandler {
  const allow = methodsServed(contract);
  return (req, res, next) => {
    if (req.url.startsWith('/')) {
      const query = req.url.indexOf('?');
      const semicolon = req.url.indexOf(';');
      if (semicolon >= 0 && (query < 0 || semicolon < query)) throw new HttpProblem('not-found', 'No such route.');
      return next();
    }
    if (req.url === '*' && req.method === 'OPTIONS') {
      res.status(204).set('Allow', allow).end();
      return;
    }
    throw malformed(res, 'the target is a path (/…), an http URL, or * for OPTIONS.');
  };
}

/**
 * Every method the server serves: those some path of openapi.yaml declares, with HEAD wherever GET is (express answers it)
 * and OPTIONS (CORS preflights), in the order an `Allow` header lists them.
 */
function methodsServed(contract: OpenApiDocument): string {
  const declared = declaredMethods(contract).flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method]));
  return [...new Set([...declared, 'OPTIONS'])].join(', ');
}

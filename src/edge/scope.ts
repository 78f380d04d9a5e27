import type { RequestHandler, Response } from 'express';
import type { Clock } from '../lib/clock.js';
import type { Store } from '../store/store.js';

/** What a request is served from: the store its handlers read and write, and the clock that stamps and names what they write. */
export interface Scope {
  readonly store: Store;
  readonly clock: Clock;
}

// The request's scope, on res.locals beside the values of src/observability/request-locals.ts.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- express types res.locals as this global interface
  namespace Express {
    interface Locals {
      scope?: Scope;
    }
  }
}

/** Serves every request from `scope` (the service: its one store and the system clock); one assignment a request. */
export function serveFrom(scope: Scope): RequestHandler {
  return (_req, res, next) => {
    useScope(res, scope);
    next();
  };
}

/** Serves this request from `scope` (the sandbox: the session's store and clock). */
export function useScope(res: Response, scope: Scope): void {
  res.locals.scope = scope;
}

/** The store this request is served from: the one place handlers learn it, as callerOf is for the caller. */
export function storeOf(res: Response): Store {
  return scopeOf(res).store;
}

/** The clock this request is served by. */
export function clockOf(res: Response): Clock {
  return scopeOf(res).clock;
}

function scopeOf(res: Response): Scope {
  const { scope } = res.locals;
  if (!scope) throw new Error('no scope was set for this request (serveFrom or useScope)');
  return scope;
}

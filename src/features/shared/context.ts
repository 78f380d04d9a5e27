import type { Request, Response } from 'express';
import { callerOf } from '../../edge/caller.js';
import { preconditionsOf } from '../../edge/conditional.js';
import { clockOf, storeOf } from '../../edge/scope.js';
import type { Clock } from '../../lib/clock.js';
import type { Preconditions } from '../../lib/etag.js';
import type { Store } from '../../store/store.js';

/** What every use case is called with, whatever it is asked: where it reads and writes, its clock, who asks, on what condition. */
export interface Context {
  readonly store: Store;
  /** Stamps and names what a use case writes (the sandbox's sessions have their own). */
  readonly clock: Clock;
  /** The calling user: whose records are read, and who owns (and is counted for) what is written. */
  readonly caller: string;
  /** The request's If-Match and If-None-Match, checked by a write inside its atomic step; none: unconditional. */
  readonly preconditions?: Preconditions;
}

/** A request's context, as the edge set it on `res.locals` and the request's headers: built once in each handler. */
export function contextOf(req: Pick<Request, 'headers'>, res: Response): Context {
  return { store: storeOf(res), clock: clockOf(res), caller: callerOf(res), preconditions: preconditionsOf(req) };
}

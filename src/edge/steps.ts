import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Bodies from this size on are handled in steps, with other requests served in between. */
const LARGE_BODY_BYTES = 64 * 1024;

/**
 * `handlers` as one middleware, run in order. A large body is handled in steps
 * (depth check, validation, member filtering): before each, the event loop serves
 * other requests first, so no request holds it for all of them at once. Small
 * bodies go straight through, without a router layer per handler.
 */
export function inSteps(...handlers: RequestHandler[]): RequestHandler {
  return chain(handlers, (req) => Number(req.headers['content-length'] ?? 0) >= LARGE_BODY_BYTES);
}

/** `handlers` as one middleware, run in order, without a router layer each and without yielding. */
export function inOrder(...handlers: RequestHandler[]): RequestHandler {
  return chain(handlers, () => false);
}

/** `handlers` run one after another as one middleware; when `yields` says so for a request, each a turn of the event loop later. */
function chain(handlers: RequestHandler[], yields: (req: Request) => boolean): RequestHandler {
  return (req, res, next) => {
    const later = yields(req);
    let index = 0;
    const step = (error?: unknown): void => {
      const handler = handlers[index++];
      if (error || !handler) return next(error);
      if (later) setImmediate(run, handler, req, res, step);
      else run(handler, req, res, step);
    };
    step();
  };
}

function run(handler: RequestHandler, req: Request, res: Response, next: NextFunction): void {
  try {
    const result: unknown = handler(req, res, next);
    // As Express does with a handler's promise: a rejection is an error, whatever its value.
    if (isThenable(result)) result.then(undefined, (error: unknown) => next(error ?? new Error('Rejected promise')));
  } catch (error) {
    next(error);
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';
}

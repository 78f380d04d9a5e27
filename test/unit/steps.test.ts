import { expect } from 'chai';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { inSteps } from '../../src/edge/steps.js';

/** Runs `middleware` on a request with a body of `contentLength` bytes; resolves with what it passed on. */
function runOn(middleware: RequestHandler, contentLength: number): Promise<unknown> {
  const req = { headers: { 'content-length': String(contentLength) } } as unknown as Request;
  return new Promise((resolve) => {
    void middleware(req, {} as Response, ((error?: unknown) => resolve(error ?? 'passed')) as NextFunction);
  });
}

describe('inSteps (the request checks as one middleware)', () => {
  it('when every handler passes, then they run in order and the request is passed on once', async () => {
    const seen: string[] = [];
    const step =
      (name: string): RequestHandler =>
      (_req, _res, next) => {
        seen.push(name);
        next();
      };
    expect(await runOn(inSteps(step('depth'), step('validate'), step('keep')), 100)).to.equal('passed');
    expect(seen).to.deep.equal(['depth', 'validate', 'keep']);
  });

  it('when a handler throws, passes an error, or returns a rejected promise, then the rest are skipped and the error is passed on', async () => {
    const failure = new Error('refused');
    const later: RequestHandler = () => {
      throw new Error('must not run');
    };
    const failing: RequestHandler[] = [
      () => {
        throw failure;
      },
      (_req, _res, next) => next(failure),
      async () => {
        throw failure;
      },
    ];
    for (const handler of failing) expect(await runOn(inSteps(handler, later), 100)).to.equal(failure);
  });

  it('when a promise is rejected without a reason, then an error is still passed on', async () => {
    const passed = await runOn(
      inSteps(() => Promise.reject(undefined)),
      100,
    );
    expect(passed).to.be.an('error').with.property('message', 'Rejected promise');
  });

  it('when the body is large (64 KiB or more), then other callbacks run between the steps; a small body goes straight through', async () => {
    for (const [bytes, expected] of [
      [64 * 1024, ['first', 'between', 'second']],
      [100, ['first', 'second', 'between']],
    ] as const) {
      const seen: string[] = [];
      const first: RequestHandler = (_req, _res, next) => {
        seen.push('first');
        setImmediate(() => seen.push('between'));
        next();
      };
      const second: RequestHandler = (_req, _res, next) => {
        seen.push('second');
        next();
      };
      await runOn(inSteps(first, second), bytes);
      await new Promise((resolve) => setImmediate(resolve));
      expect(seen, `${bytes} bytes`).to.deep.equal(expected);
    }
  });
});

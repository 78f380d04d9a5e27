import type { Response } from 'express';
import type { Session } from './session.js';

export interface SandboxLocals {
  session: Session;
  /** The body's JSON text as logged (loggedBody). */
  body?: string;
  /** A problem the sandbox answered itself (Prefer); the app's own are in res.locals.problem (the error handler's). */
  problem?: unknown;
  /** The answer's body as res.json was given it (keepAnswers), for expectations (GET /sandbox/requests?format=expectations). */
  response?: unknown;
}

// The sandbox's values of the request, on res.locals beside the values of src/observability/request-locals.ts.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- express types res.locals as this global interface
  namespace Express {
    interface Locals {
      sandbox?: SandboxLocals;
    }
  }
}

/** The sandbox's values of the request, as enterSession set them. */
export function sandboxOf(res: Response): SandboxLocals {
  const { sandbox } = res.locals;
  if (!sandbox) throw new Error('enterSession did not run');
  return sandbox;
}

/** The session of the request, as enterSession picked it. */
export const sessionOf = (res: Response): Session => sandboxOf(res).session;

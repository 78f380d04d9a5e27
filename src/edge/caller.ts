import type { Response } from 'express';

/** The calling user, as authentication (src/edge/authenticate.ts) set it: the one place handlers learn it. */
export function callerOf(res: Response): string {
  const { userId } = res.locals;
  if (userId === undefined) throw new Error('authenticate did not run');
  return userId;
}

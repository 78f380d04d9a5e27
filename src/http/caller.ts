import type { Response } from 'express';

/** Without authentication configured, every request acts as this user. */
export const LOCAL_USER = 'local';

/** The calling user, as authentication (src/auth/authenticate.ts) set it: the one place handlers learn it. */
export function callerOf(res: Response): string {
  const userId: unknown = res.locals.userId;
  if (typeof userId !== 'string') throw new Error('authenticate did not run');
  return userId;
}

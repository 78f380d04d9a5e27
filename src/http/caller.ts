import type { RequestHandler, Response } from 'express';

/** Without authentication configured, every request acts as this user. */
export const LOCAL_USER = 'local';

/** Sets the calling user once; handlers read it with callerOf(res). */
export const identifyCaller: RequestHandler = (_req, res, next) => {
  res.locals.userId = LOCAL_USER;
  next();
};

export function callerOf(res: Response): string {
  const userId: unknown = res.locals.userId;
  if (typeof userId !== 'string') throw new Error('identifyCaller did not run');
  return userId;
}

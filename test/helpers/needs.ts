import type { Context } from 'mocha';

/**
 * Skips the test when a tool it needs is missing (`missing` says which, and how to
 * get it), with one line saying so; in CI (CI=true) fails instead, so a test can
 * never vanish from CI unseen.
 */
export function needs(context: Context, missing: string | undefined): void {
  if (missing === undefined) return;
  if (process.env.CI === 'true') throw new Error(`CI must run this test, but it needs ${missing}`);
  console.log(`      skipped: needs ${missing}`);
  context.skip();
}

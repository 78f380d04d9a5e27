import { hash } from 'node:crypto';
import type { Request, Response } from 'express';
import { operationIdOf } from '../contract/operation-id.js';
import { problemOf } from '../errors/error-handler.js';
import { HttpProblem } from '../errors/problem.js';
import { canonicalJson } from '../lib/canonical-json.js';
import { reportError } from '../observability/request-log.js';
import { claimKey, completeKey, forgetKey, releaseKey, type Answer } from './idempotency/keys.js';
import { callerOf } from './caller.js';
import { sendTagged } from './conditional.js';
import { clockOf, storeOf } from './scope.js';

/** How long a key is kept (IDEMPOTENCY_KEY_TTL), and how long an attempt holds it before a retry may take over (IDEMPOTENCY_KEY_LEASE). */
export interface KeySettings {
  ttlMs: number;
  leaseMs: number;
}

/** The key a request sent: a Structured Field string's content, or the bare value (openapi.yaml checked its form). */
export function idempotencyKeyOf(req: Pick<Request, 'headers'>): string | undefined {
  const header = req.headers['idempotency-key'];
  if (typeof header !== 'string') return undefined;
  return header.startsWith('"') ? header.slice(1, -1).replace(/\\(["\\])/g, '$1') : header;
}

/**
 * What makes two requests the same: the operation, its path and the body as validated and shaped (members the
 * contract does not name dropped, UUIDs in lower case), with members in any order. Those are all the operation reads.
 */
export function fingerprintOf(operation: string, path: string, body: unknown): string {
  return hash('sha256', `${operation} ${path}\n${canonicalJson(body)}`, 'base64url');
}

/**
 * Runs a non-idempotent operation under the request's Idempotency-Key (draft-ietf-httpapi-idempotency-key-header),
 * and sends its answer with its ETag. `run` gets the id of what it creates, the same on every attempt under one
 * key, and must create at most one thing for one id (a second attempt finds the first's). Without a key it runs
 * once with a new id. With one: a repeat replays the kept answer, another request is 422, one in flight 409; an
 * attempt refused (4xx) forgets the key, one that fails (5xx) releases it for a retry; a success is kept before it is sent.
 */
export async function idempotently<Params, Sent, Body>(
  req: Request<Params, Sent, Body>,
  res: Response<Sent>,
  settings: KeySettings,
  run: (resourceId: string) => Promise<Answer>,
): Promise<void> {
  const store = storeOf(res);
  const clock = clockOf(res);
  const key = idempotencyKeyOf(req);
  if (key === undefined) return send(req, res, await run(clock.newId()));
  const operation = operationIdOf(req) ?? req.method;
  const claim = await claimKey(store, {
    user: callerOf(res),
    key,
    operation,
    fingerprint: fingerprintOf(operation, req.baseUrl + req.path, req.body),
    now: clock.now(),
    ...settings,
    newId: () => clock.newId(),
  });
  if (claim.outcome === 'replay') return send(req, res, claim.answer);
  if (claim.outcome === 'in-flight') {
    throw new HttpProblem(
      'idempotency-key-in-flight',
      'A request with this Idempotency-Key is still being served; nothing was done. Retry after Retry-After seconds for its answer.',
      { headers: { 'Retry-After': '1' } }, // most creates are answered within a second
    );
  }
  if (claim.outcome === 'reused') {
    throw new HttpProblem(
      'idempotency-key-reused',
      'This Idempotency-Key was used for another request (another body, or another operation) ' +
        `within the last ${duration(settings.ttlMs)}. Nothing was done; a new request needs a new key.`,
    );
  }
  let answer: Answer;
  try {
    answer = await run(claim.resourceId);
  } catch (error) {
    // A refusal made nothing: its key is not kept (nor charged), so the next request under it is new. A failure's
    // create may have happened (a commit in doubt): its key is kept, released, and a retry finishes that create.
    const settle = problemOf(error, req as unknown as Request).status < 500 ? forgetKey : releaseKey;
    await settle(store, claim.hold).catch(() => {}); // else the lease runs out, and a retry takes the key over then
    throw error;
  }
  // What was done is kept; should its answer not be, a retry after the lease runs again and finds it by its id.
  await completeKey(store, claim.hold, answer).catch((error: unknown) => reportError(res, error));
  send(req, res, answer);
}

function duration(ms: number): string {
  for (const [unit, size] of [
    ['h', 3_600_000],
    ['min', 60_000],
  ] as const)
    if (ms % size === 0) return `${ms / size} ${unit}`;
  return `${ms / 1000} s`;
}

function send(req: Pick<Request, 'method' | 'headers'>, res: Response, { status, location, body }: Answer): void {
  if (location !== undefined) res.location(location);
  sendTagged(req, res, body, status);
}

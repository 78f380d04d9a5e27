/* eslint-disable */
/**
 * Copied from scripts/client/runtime/answers.ts by scripts/client/extras.ts.
 * Do not edit: change that file and run `make generate`.
 */
import type { Problem } from './schema.js';

/** The ETag of a call's `response`, to send back as `If-Match` or `If-None-Match`; undefined when there is none. */
export function etagOf(response: Response): string | undefined {
  return response.headers.get('ETag') ?? undefined;
}

/** The `cursor` of the next page, from `Link: <…>; rel="next"` (RFC 8288); undefined on the last page. */
export function nextCursor(response: Response): string | undefined {
  for (const link of (response.headers.get('Link') ?? '').split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(link);
    if (!match || !/;\s*rel="?(?:[^";]*\s)?next(?:\s[^";]*)?"?\s*(?:;|$)/i.test(match[2] ?? '')) continue;
    return new URL(match[1] ?? '', 'http://cursor.invalid/').searchParams.get('cursor') ?? undefined;
  }
  return undefined;
}

/**
 * The RFC 9457 problem a call was answered with, typed as its operation declares them
 * (`'updatedAt' in problem` tells a draft save's 409 apart); undefined for a success, and for an
 * answer that is no problem: another media type, or a body whose `status` is not the response's.
 */
export function problemOf<E>(result: { error?: E; response: Response }): (NonNullable<E> & Problem) | undefined {
  const { error, response } = result;
  if (response.ok || !(response.headers.get('Content-Type') ?? '').startsWith('application/problem+json'))
    return undefined;
  if (typeof error !== 'object' || error === null) return undefined;
  const { type, title, status } = error as Record<string, unknown>;
  const problem = typeof type === 'string' && typeof title === 'string' && status === response.status;
  return problem ? (error as NonNullable<E> & Problem) : undefined;
}

import { HttpProblem } from '../../errors/problem.js';
import { entityTagOf, failedPrecondition, type Preconditions } from '../../lib/etag.js';

const DETAILS = {
  'If-Match':
    'If-Match names no current representation of this resource: it changed since that ETag, or there is none. ' +
    'Nothing was changed; read it again (GET) for its ETag, and retry.',
  'If-None-Match':
    'If-None-Match names the current representation of this resource (for *: it exists). Nothing was changed.',
};

/**
 * Throws 412 `precondition-failed` when the request's preconditions do not hold over the representation a GET would
 * send now, `current()` (undefined: none). Called inside the store's update of the record, so it is decided on the
 * value the write replaces, whichever instance wrote last; the representation and its tag are made only when there
 * are preconditions.
 */
export function checkPreconditions(preconditions: Preconditions, current: () => unknown): void {
  if (preconditions.ifMatch === undefined && preconditions.ifNoneMatch === undefined) return;
  const representation = current();
  const failed = failedPrecondition(
    preconditions,
    representation === undefined ? undefined : entityTagOf(representation),
  );
  if (failed) throw new HttpProblem('precondition-failed', DETAILS[failed]);
}

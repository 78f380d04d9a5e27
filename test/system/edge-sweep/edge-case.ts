// One request of the edge sweep, the rule it tests and what that rule says the answer is.
import type { ProblemKind } from '../../../src/errors/problem.js';
import type { Difference } from '../parity/differences.js';
import { pathOf, takesBody, type SweptOperation } from './operations.js';
import type { WireRequest } from './wire.js';

/** The rules of the edge sweep (docs/contributing.md) it sends, each a family of cases. */
export type Rule = 'spellings' | 'integers' | 'i-json' | 'methods' | 'media types' | 'framing';

/**
 * What the rule says: refused with this problem (naming `pointer` among its errors, `detail` saying why); answered as
 * `twin` is, the same request without the edge (any 2xx for a 2xx, else the same status and problem); or any declared status.
 */
export type Expectation =
  { problem: ProblemKind; pointer?: string; detail?: string } | { twin: WireRequest } | 'declared';

export interface EdgeCase {
  rule: Rule;
  /** What was sent, in words: the operation and the edge. */
  name: string;
  /** The operation whose path the target names (or spells otherwise): what it declares is what may come back. */
  operation: SweptOperation;
  request: WireRequest;
  expect: Expectation;
  /** The target names no path of the contract: 404 not-found as a problem is all it may get. */
  unnamed?: true;
  /** Where the mock cannot answer as the service does: its row of mocks/reference.md's known differences. */
  knownDifference?: Difference;
}

/** The operation's example request, at a path of fresh values unless `path` is given. */
export function plain(operation: SweptOperation, path = pathOf(operation)): WireRequest {
  return takesBody(operation)
    ? { method: operation.method, path, body: JSON.stringify(operation.body), contentType: operation.contentType! }
    : { method: operation.method, path };
}

/** The case's name: the operation, then the edge. */
export const named = (operation: SweptOperation, edge: string): string =>
  `${operation.method} ${operation.template} ${edge}`;

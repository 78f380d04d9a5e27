import type { Expectation, Segment } from '../lib/expectations.js';
import { jsonBytes } from '../lib/json-bytes.js';
import { printable } from '../lib/printable.js';
import { stateName, staysOn } from './consumer-steps.js';

/** "step 3 (PATCH /api/streams/nav)": a step of the replay as each line names it. */
export const stepOf = (number: number, { request }: Expectation) =>
  `step ${number} (${request.method} ${request.path})`;

/**
 * Why the segments cannot be replayed on `base` (`where`, in words) as they are, found before anything is sent: the
 * first step, of a state or replayed, whose path does not start with / and stay on it, or holds a control character,
 * or whose request body is past `bodyLimit`. Steps are numbered as the replay numbers them.
 */
export function refusalOf(segments: Segment[], base: string, where: string, bodyLimit: number): string | undefined {
  let number = 0;
  for (const { state, expectations } of segments) {
    for (const step of state?.steps ?? []) {
      const why = wrongIn(step, base, where, bodyLimit);
      if (why && state) return `${stateName(state)}, ${step.request.method} ${step.request.path}: ${why}`;
    }
    for (const expectation of expectations) {
      const why = wrongIn(expectation, base, where, bodyLimit);
      number += 1;
      if (why) return `${stepOf(number, expectation)}: ${why}`;
    }
  }
  return undefined;
}

function wrongIn({ request }: Expectation, base: string, where: string, bodyLimit: number): string | undefined {
  // Joined to the server's URL, another path could reach another server.
  if (!staysOn(base, request.path)) return `a path starts with / and stays on ${where}`;
  // The URL parser drops CR, LF and tab, and encodes the others: another path would be sent than the one recorded.
  if (printable(request.path) !== request.path) return 'a path holds no control characters';
  // Counted, not stringified: the service refuses such a body unread, and JSON.stringify aborts past 256 MiB.
  if (request.body !== undefined && jsonBytes(request.body, bodyLimit) > bodyLimit)
    return `its request body takes more than BODY_LIMIT (${bodyLimit} bytes) as JSON, which the service refuses unread`;
  return undefined;
}

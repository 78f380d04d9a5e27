import type { Expectation } from '../lib/expectations.js';
import { parsePrefer } from './prefer.js';
import type { LoggedRequest } from './request-log.js';

/**
 * A session's log, oldest first, as what the front end's tests relied on (make verify-consumer
 * replays it against the service). Answers a `Prefer: code=` or `example=` chose are left out:
 * they are the contract's examples, not the service's behaviour, and stored nothing.
 */
export function expectationsOf(log: LoggedRequest[]): { expectations: Expectation[] } {
  const chosen = (entry: LoggedRequest) => {
    try {
      const { code, example } = parsePrefer(entry.prefer);
      return code !== undefined || example !== undefined;
    } catch {
      return false;
    }
  };
  return {
    expectations: log
      .filter((entry) => !chosen(entry))
      .reverse()
      .map(({ method, path, body, status, problem, response }) => ({
        request: { method, path, ...(body === undefined ? {} : { body }) },
        response: {
          status,
          ...(status >= 400
            ? problem === undefined
              ? {}
              : { body: problem }
            : response === undefined
              ? {}
              : { body: response }),
        },
      })),
  };
}

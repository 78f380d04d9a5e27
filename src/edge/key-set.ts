import {
  createLocalJWKSet,
  errors,
  type FlattenedJWSInput,
  type JWSHeaderParameters,
  type JWTVerifyGetKey,
} from 'jose';
import { KEY_SET_BOUNDS, type KeySetBounds, type KeySetTiming } from '../config/auth.js';
import { fetchKeySet, KeySetTooLargeError, type KeySource } from './key-set-fetch.js';

export type { KeySource };

/**
 * How the identity provider's keys are kept: a kid not in the set fetches it again at most once
 * every 10 s (so a key the provider publishes is accepted within 10 s of its first token); the set
 * is fetched again in the background once 5 minutes old (so a key it removed is refused within
 * about 5 minutes); a fetch that takes 5 s fails.
 */
export const KEY_SET_TIMING: KeySetTiming = { cooldownMs: 10_000, maxAgeMs: 5 * 60_000, timeoutMs: 5_000 };

/** The key set could not be fetched, and the token needs a key the service does not hold. */
export class KeySetUnavailableError extends Error {}

/**
 * The key for a token, by `kid`, from the provider's key set (fetched within `bounds` by
 * key-set-fetch.ts; jose's createLocalJWKSet selects). jose's own remote set would refuse every
 * token once its cache is stale and the provider is down, and would read any size; here the set in
 * hand keeps serving until a fetch succeeds (one refused as too large too), and fetches wait out a
 * cooldown after a failure, so a provider that is down costs no request a wait.
 */
export function remoteKeySet(
  source: KeySource,
  timing: KeySetTiming,
  onFailure?: (message: string, level: 'warn' | 'error') => void,
  bounds: KeySetBounds = KEY_SET_BOUNDS,
): JWTVerifyGetKey & { warm(): Promise<void> } {
  let local: ReturnType<typeof createLocalJWKSet> | undefined;
  let fetchedAt = -Infinity; // the last fetch that succeeded
  let triedAt = -Infinity; // the last fetch started
  let failure: unknown; // why the last fetch failed, while it stands
  let fetching: Promise<void> | undefined;

  const fetchSet = (): Promise<void> => {
    fetching ??= (async () => {
      triedAt = Date.now();
      try {
        local = createLocalJWKSet(await fetchKeySet(source, timing.timeoutMs, bounds));
        fetchedAt = Date.now();
        failure = undefined;
      } catch (error) {
        failure = error;
        const refused = error instanceof KeySetTooLargeError;
        onFailure?.(
          `The identity provider's key set ${refused ? 'was refused' : 'could not be fetched'} (${describe(error)}); tokens are checked against the keys fetched before, and the next fetch is tried in ${timing.cooldownMs / 1000} s`,
          refused ? 'error' : 'warn', // a bound to raise, or a provider to look at: no outage that passes by itself
        );
        throw new KeySetUnavailableError('the key set could not be fetched', { cause: error });
      }
    })().finally(() => {
      fetching = undefined;
    });
    return fetching;
  };

  const unavailable = () => new KeySetUnavailableError('the key set could not be fetched', { cause: failure });
  const lookUp = (header: JWSHeaderParameters, token: FlattenedJWSInput) => {
    if (!local) throw unavailable();
    return local(header, token);
  };

  const getKey = async (header: JWSHeaderParameters, token: FlattenedJWSInput) => {
    const mayFetch = Date.now() - triedAt >= timing.cooldownMs;
    if (!local) {
      if (!mayFetch && !fetching) throw unavailable();
      await fetchSet(); // or the one under way
    } else if (mayFetch && Date.now() - fetchedAt >= timing.maxAgeMs) {
      void fetchSet().catch(() => {}); // the set in hand serves meanwhile
    }
    try {
      return await lookUp(header, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
      // A key published since the last fetch: fetch once more (or wait for the fetch under way), unless one was just made.
      if (mayFetch || fetching) {
        await fetchSet();
        return lookUp(header, token);
      }
      throw failure === undefined ? error : unavailable();
    }
  };
  return Object.assign(getKey, { warm: () => fetchSet().catch(() => {}) });
}

function describe(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return error instanceof Error ? `${error.message}${cause}` : String(error);
}

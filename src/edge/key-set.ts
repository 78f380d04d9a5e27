import {
  createRemoteJWKSet,
  errors,
  type FlattenedJWSInput,
  type JWSHeaderParameters,
  type JWTVerifyGetKey,
} from 'jose';
import { checkKeyUrl, type KeySetTiming } from '../config/auth.js';

/**
 * How the identity provider's keys are kept: a kid not in the set fetches it again at most once
 * every 10 s (so a key the provider publishes is accepted within 10 s of its first token); the set
 * is fetched again in the background once 5 minutes old (so a key it removed is refused within
 * about 5 minutes); a fetch that takes 5 s fails.
 */
export const KEY_SET_TIMING: KeySetTiming = { cooldownMs: 10_000, maxAgeMs: 5 * 60_000, timeoutMs: 5_000 };

/** The key set could not be fetched, and the token needs a key the service does not hold. */
export class KeySetUnavailableError extends Error {}

/** Where the keys are: the key set's URL, or an OpenID Connect issuer whose discovery document names it. */
export type KeySource = { jwksUrl: string } | { oidcIssuer: string };

/**
 * The key for a token, by `kid`, from the provider's key set (jose's createRemoteJWKSet fetches,
 * parses and selects). jose alone would refuse every token once its cache is stale and the provider
 * is down; here the set in hand keeps serving until a fetch succeeds, and fetches wait out a
 * cooldown after a failure, so a provider that is down costs no request a wait.
 */
export function remoteKeySet(
  source: KeySource,
  timing: KeySetTiming,
  onFailure?: (message: string) => void,
): JWTVerifyGetKey & { warm(): Promise<void> } {
  let remote: ReturnType<typeof createRemoteJWKSet> | undefined;
  let fetchedAt = -Infinity; // the last fetch that succeeded
  let triedAt = -Infinity; // the last fetch started
  let failure: unknown; // why the last fetch failed, while it stands
  let fetching: Promise<void> | undefined;

  const fetchSet = (): Promise<void> => {
    fetching ??= (async () => {
      triedAt = Date.now();
      try {
        // jose refetches on its own only before a first set; the timing here decides the rest.
        remote ??= createRemoteJWKSet(new URL(await keySetUrl(source, timing.timeoutMs)), {
          timeoutDuration: timing.timeoutMs,
          cooldownDuration: Infinity,
          cacheMaxAge: Infinity,
        });
        await remote.reload();
        fetchedAt = Date.now();
        failure = undefined;
      } catch (error) {
        failure = error;
        onFailure?.(
          `The identity provider's key set could not be fetched (${describe(error)}); tokens are checked against the keys fetched before, and the next fetch is tried in ${timing.cooldownMs / 1000} s`,
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
    if (!remote) throw unavailable();
    return remote(header, token);
  };

  const getKey = async (header: JWSHeaderParameters, token: FlattenedJWSInput) => {
    const mayFetch = Date.now() - triedAt >= timing.cooldownMs;
    if (!remote || fetchedAt === -Infinity) {
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

/** The key set's URL: given, or read from the issuer's discovery document (OpenID Connect Discovery 1.0, §4). */
async function keySetUrl(source: KeySource, timeoutMs: number): Promise<string> {
  if ('jwksUrl' in source) return source.jwksUrl;
  const location = `${source.oidcIssuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  const response = await fetch(location, {
    signal: AbortSignal.timeout(timeoutMs),
    redirect: 'manual',
    headers: { accept: 'application/json' },
  });
  if (response.status !== 200) throw new Error(`${location} answered ${response.status}`);
  const discovered = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
  // §4.3: the issuer in the document must be the one asked, or its keys are another's.
  if (discovered.issuer !== source.oidcIssuer)
    throw new Error(`${location} names the issuer ${String(discovered.issuer)}, not ${source.oidcIssuer}`);
  if (typeof discovered.jwks_uri !== 'string') throw new Error(`${location} names no jwks_uri`);
  return checkKeyUrl(discovered.jwks_uri, `the jwks_uri of ${location}`);
}

function describe(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return error instanceof Error ? `${error.message}${cause}` : String(error);
}

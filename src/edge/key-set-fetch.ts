import type { JSONWebKeySet } from 'jose';
import { checkKeyUrl, type KeySetBounds } from '../config/auth.js';

// Fetching what the identity provider decides the size of: its key set and its discovery document, each bounded.

/** Where the keys are: the key set's URL, or an OpenID Connect issuer whose discovery document names it. */
export type KeySource = { jwksUrl: string } | { oidcIssuer: string };

/** The provider's answer passed a bound (AUTH_JWKS_MAX_BYTES, AUTH_JWKS_MAX_KEYS): refused whole, never held. */
export class KeySetTooLargeError extends Error {}

/** The key set at `source`, refused past `bounds`: its bytes as they arrive, then its keys. */
export async function fetchKeySet(source: KeySource, timeoutMs: number, bounds: KeySetBounds): Promise<JSONWebKeySet> {
  const url = await keySetUrl(source, timeoutMs, bounds.maxBytes);
  const set = (await fetchJson(url, timeoutMs, bounds.maxBytes, 'the key set')) as { keys?: unknown };
  if (typeof set !== 'object' || set === null || !Array.isArray(set.keys))
    throw new Error(`${url} is not a JSON Web Key Set`);
  if (set.keys.length > bounds.maxKeys)
    throw new KeySetTooLargeError(
      `the key set holds ${set.keys.length} keys, more than AUTH_JWKS_MAX_KEYS (${bounds.maxKeys})`,
    );
  return set as JSONWebKeySet;
}

/** The key set's URL: given, or read from the issuer's discovery document (OpenID Connect Discovery 1.0, §4). */
async function keySetUrl(source: KeySource, timeoutMs: number, maxBytes: number): Promise<string> {
  if ('jwksUrl' in source) return source.jwksUrl;
  const location = `${source.oidcIssuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  const discovered = (await fetchJson(location, timeoutMs, maxBytes, 'the discovery document')) as {
    issuer?: unknown;
    jwks_uri?: unknown;
  } | null;
  // §4.3: the issuer in the document must be the one asked, or its keys are another's.
  if (discovered?.issuer !== source.oidcIssuer)
    throw new Error(`${location} names the issuer ${String(discovered?.issuer)}, not ${source.oidcIssuer}`);
  if (typeof discovered.jwks_uri !== 'string') throw new Error(`${location} names no jwks_uri`);
  return checkKeyUrl(discovered.jwks_uri, `the jwks_uri of ${location}`);
}

/**
 * GETs `url` as JSON, holding at most `maxBytes` of its body (and one chunk): a larger
 * answer is refused as soon as its Content-Length or its bytes say so, and the rest is
 * never read. A 16 MB key set taken whole cost 105 MB of heap and made each token check
 * six times slower.
 */
async function fetchJson(url: string, timeoutMs: number, maxBytes: number, what: string): Promise<unknown> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(timeoutMs),
    redirect: 'manual',
    headers: { accept: 'application/json, application/jwk-set+json' },
  });
  const tooLarge = (bytes: string) =>
    new KeySetTooLargeError(`${what} at ${url} is ${bytes}, more than AUTH_JWKS_MAX_BYTES (${maxBytes} bytes)`);
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new Error(`${url} answered ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge(`${declared} bytes (its Content-Length)`);
  }
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for await (const chunk of response.body ?? []) {
    bytes += chunk.byteLength;
    if (bytes > maxBytes) throw tooLarge(`at least ${bytes} bytes (read before stopping)`); // leaving the loop cancels the body
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new Error(`${what} at ${url} is not JSON`);
  }
}

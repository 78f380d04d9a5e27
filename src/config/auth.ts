import { parseCount, parseSize } from './parse.js';
import { fingerprint, readJwtSecret, readPublicKey } from './secrets.js';
import { refuseBlank } from './settings-read.js';

/** Bearer JWT authentication; absent when no secret, public key, key set or OIDC issuer is configured. */
export interface AuthConfig {
  /** HS256 shared secret (AUTH_JWT_SECRET, or the file AUTH_JWT_SECRET_FILE names), without trailing whitespace. */
  secret?: string;
  /** PEM public key for RS256 or ES256 (read from the file AUTH_JWT_PUBLIC_KEY names). */
  publicKey?: string;
  /** The secret or key before the current one (AUTH_JWT_SECRET_PREVIOUS, AUTH_JWT_PUBLIC_KEY_PREVIOUS): its tokens still verify during a rotation. */
  previousSecret?: string;
  previousPublicKey?: string;
  /** The identity provider's JSON Web Key Set (AUTH_JWKS_URL): keys chosen by `kid`, fetched again as it rotates them. */
  jwksUrl?: string;
  /** An OpenID Connect issuer (AUTH_OIDC_ISSUER) whose discovery document names the key set; also the `iss` required unless AUTH_JWT_ISSUER says otherwise. */
  oidcIssuer?: string;
  issuer?: string;
  audience?: string;
  /** How the key set is kept; src/edge/key-set.ts's defaults unless given (tests make them short). */
  keySetTiming?: KeySetTiming;
  /** How large a key set is taken (AUTH_JWKS_MAX_BYTES, AUTH_JWKS_MAX_KEYS); KEY_SET_BOUNDS unless given. */
  keySetBounds?: KeySetBounds;
  /** Hears each failed fetch of the key set (src/serve.ts logs it at `level`: error for a set refused as too large); tokens meanwhile are checked against the keys in hand. */
  onKeySetFailure?: (message: string, level: 'warn' | 'error') => void;
}

export interface KeySetTiming {
  /** The least time between two fetches made for an unknown `kid`, or after a failed fetch. */
  cooldownMs: number;
  /** The age at which the key set is fetched again, in the background: tokens are meanwhile checked against it. */
  maxAgeMs: number;
  /** A fetch of the key set (or of the discovery document) that takes longer fails. */
  timeoutMs: number;
}

/** The most a key set may take; past either bound it is refused whole, and the keys in hand stay. */
export interface KeySetBounds {
  /** Bytes of the key set's body (and of the discovery document's): reading stops past them. */
  maxBytes: number;
  /** Keys in the set. */
  maxKeys: number;
}

/**
 * Providers publish a handful of keys of 0.5–2 KB (Google 2–3, Entra ID about 10 with their
 * certificates, some 20 KB): a hundred keys, and 256 KiB, leave room for any rotation.
 */
export const KEY_SET_BOUNDS: KeySetBounds = { maxBytes: 256 * 1024, maxKeys: 100 };

/** The settings that say where keys come from: exactly one, or none for no authentication. */
const SOURCES = ['AUTH_JWT_SECRET', 'AUTH_JWT_PUBLIC_KEY', 'AUTH_JWKS_URL', 'AUTH_OIDC_ISSUER'] as const;

/** An empty AUTH_ setting is a mistake (a secret left out of a deployment), never a way to turn authentication off. */
export function refuseEmptyAuth(env: NodeJS.ProcessEnv): void {
  refuseBlank(
    env,
    Object.keys(env).filter((name) => name.startsWith('AUTH_')),
  );
}

/**
 * Reads AUTH_JWT_SECRET (or AUTH_JWT_SECRET_FILE), AUTH_JWT_PUBLIC_KEY, AUTH_JWKS_URL, AUTH_OIDC_ISSUER (one of them),
 * the previous secret or key of a rotation, AUTH_JWT_ISSUER, AUTH_JWT_AUDIENCE and the key set's bounds.
 */
export function loadAuth(env: NodeJS.ProcessEnv): AuthConfig | undefined {
  const keySetBounds = loadKeySetBounds(env);
  const secret = readJwtSecret(env, 'AUTH_JWT_SECRET');
  const previousSecret = readJwtSecret(env, 'AUTH_JWT_SECRET_PREVIOUS');
  const publicKey = readPublicKey(env, 'AUTH_JWT_PUBLIC_KEY');
  const previousPublicKey = readPublicKey(env, 'AUTH_JWT_PUBLIC_KEY_PREVIOUS');
  const { AUTH_JWKS_URL: jwksUrl, AUTH_OIDC_ISSUER: oidcIssuer, AUTH_JWT_AUDIENCE: audience } = env;
  const given = {
    AUTH_JWT_SECRET: secret,
    AUTH_JWT_PUBLIC_KEY: publicKey,
    AUTH_JWKS_URL: jwksUrl,
    AUTH_OIDC_ISSUER: oidcIssuer,
  };
  const set = SOURCES.filter((name) => given[name] !== undefined);
  if (set.length > 1)
    throw new Error(`Set one of ${SOURCES.join(', ')}, not ${set.length}: ${set.join(' and ')} are set`);
  if ((previousSecret ?? previousPublicKey) !== undefined && (secret ?? publicKey) === undefined)
    throw new Error(
      `${previousSecret ? 'AUTH_JWT_SECRET_PREVIOUS' : 'AUTH_JWT_PUBLIC_KEY_PREVIOUS'} verifies only during a rotation, beside the current AUTH_JWT_SECRET or AUTH_JWT_PUBLIC_KEY: set that too`,
    );
  if (env.AUTH_JWT_PUBLIC_KEY_FILE !== undefined)
    throw new Error('AUTH_JWT_PUBLIC_KEY_FILE is not a setting: AUTH_JWT_PUBLIC_KEY itself names the PEM file');
  if (set.length === 0) return undefined;
  const issuer = env.AUTH_JWT_ISSUER ?? oidcIssuer; // an OpenID provider's tokens carry its issuer
  return {
    ...(secret ? { secret } : {}),
    ...(previousSecret ? { previousSecret } : {}),
    ...(publicKey ? { publicKey } : {}),
    ...(previousPublicKey ? { previousPublicKey } : {}),
    ...(jwksUrl ? { jwksUrl: checkKeyUrl(jwksUrl, 'AUTH_JWKS_URL') } : {}),
    ...(oidcIssuer ? { oidcIssuer: checkKeyUrl(oidcIssuer, 'AUTH_OIDC_ISSUER') } : {}),
    ...(jwksUrl || oidcIssuer ? { keySetBounds } : {}),
    ...(issuer ? { issuer } : {}),
    ...(audience ? { audience } : {}),
  };
}

/** The fingerprint of each secret and key tokens are verified with, by its setting, for the start-up line (src/config/secrets.ts). */
export function keyFingerprints(auth: AuthConfig | undefined): Record<string, string> {
  const { secret, previousSecret, publicKey, previousPublicKey } = auth ?? {};
  return {
    ...(secret ? { AUTH_JWT_SECRET: fingerprint(secret) } : {}),
    ...(publicKey ? { AUTH_JWT_PUBLIC_KEY: fingerprint({ publicKey }) } : {}),
    ...(previousSecret ? { AUTH_JWT_SECRET_PREVIOUS: fingerprint(previousSecret) } : {}),
    ...(previousPublicKey ? { AUTH_JWT_PUBLIC_KEY_PREVIOUS: fingerprint({ publicKey: previousPublicKey }) } : {}),
  };
}

/** AUTH_JWKS_MAX_BYTES and AUTH_JWKS_MAX_KEYS, read (and refused when unreadable) whether or not a key set is used. */
function loadKeySetBounds(env: NodeJS.ProcessEnv): KeySetBounds {
  const { AUTH_JWKS_MAX_BYTES: bytes, AUTH_JWKS_MAX_KEYS: keys } = env;
  const maxBytes = bytes === undefined ? KEY_SET_BOUNDS.maxBytes : parseSize(bytes, 'AUTH_JWKS_MAX_BYTES');
  // Less than a kilobyte holds no RSA key: a bound that refuses every key set is a mistake.
  if (maxBytes < 1024) throw new Error(`AUTH_JWKS_MAX_BYTES must be at least 1kb, not "${bytes}"`);
  return { maxBytes, maxKeys: keys === undefined ? KEY_SET_BOUNDS.maxKeys : parseCount(keys, 'AUTH_JWKS_MAX_KEYS') };
}

/**
 * Keys are trusted for what they sign, so they come over HTTPS; plain HTTP only from this
 * machine (a provider beside the service, or a test's). Returns `text`, or throws naming `name`.
 */
export function checkKeyUrl(text: string, name: string): string {
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (url?.protocol === 'https:') return text;
  if (url?.protocol === 'http:' && /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/.test(url.hostname)) return text;
  throw new Error(`${name} must be an https:// URL (http:// only on localhost, 127.0.0.1 or [::1]), not "${text}"`);
}

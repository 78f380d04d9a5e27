import { createPublicKey, type KeyObject } from 'node:crypto';
import { errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey, type JWTVerifyOptions } from 'jose';
import type { AuthConfig } from '../config/load-config.js';
import { KEY_SET_TIMING, remoteKeySet } from './key-set.js';

// The keys a token may be signed with (src/edge/authenticate.ts checks what it then says).

/**
 * What an identity provider's key set may sign with: every asymmetric algorithm jose verifies but
 * ML-DSA (no provider issues it yet). Never HS*: a key set holds public keys, and a public key
 * taken as an HMAC secret would let anyone sign.
 */
export const KEY_SET_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];

/** A key and the algorithms it verifies. */
export interface Verifier {
  key: JWTVerifyGetKey;
  algorithms: string[];
}

/** The current secret or key first, then the previous one of a rotation; or the identity provider's key set. */
export function verificationKeys(auth: AuthConfig): Verifier[] {
  const source = auth.jwksUrl
    ? { jwksUrl: auth.jwksUrl }
    : auth.oidcIssuer
      ? { oidcIssuer: auth.oidcIssuer }
      : undefined;
  if (source) {
    const keys = remoteKeySet(source, auth.keySetTiming ?? KEY_SET_TIMING, auth.onKeySetFailure, auth.keySetBounds);
    void keys.warm(); // fetched now, so the first token waits for nothing, and a wrong URL is logged at start-up
    return [{ key: keys, algorithms: KEY_SET_ALGORITHMS }];
  }
  const { secret, publicKey, previousSecret, previousPublicKey } = auth;
  return [
    ...(secret ? [secretVerifier(secret)] : []),
    ...(publicKey ? [keyVerifier(publicKey, 'AUTH_JWT_PUBLIC_KEY')] : []),
    ...(previousSecret ? [secretVerifier(previousSecret)] : []),
    ...(previousPublicKey ? [keyVerifier(previousPublicKey, 'AUTH_JWT_PUBLIC_KEY_PREVIOUS')] : []),
  ];
}

const secretVerifier = (secret: string): Verifier => ({
  key: fixed(new TextEncoder().encode(secret)),
  algorithms: ['HS256'],
});

function keyVerifier(pem: string, name: string): Verifier {
  const key = createPublicKey(pem);
  if (key.asymmetricKeyType === 'rsa') return { key: fixed(key), algorithms: ['RS256'] };
  if (key.asymmetricKeyType === 'ec') return { key: fixed(key), algorithms: ['ES256'] };
  throw new Error(`${name} holds a ${key.asymmetricKeyType} key; use an RSA (RS256) or P-256 (ES256) key`);
}

/**
 * The token's claims once one of `keys` verifies its signature (then its claims decide). Failing all, the
 * error of a key whose algorithm it used: its signature did not verify; else, the algorithm is not accepted.
 */
export async function verifyWithAny(
  token: string,
  keys: Verifier[],
  options: Omit<JWTVerifyOptions, 'algorithms'>,
): Promise<JWTPayload> {
  let failure: unknown;
  for (const { key, algorithms } of keys) {
    try {
      return (await jwtVerify(token, key, { ...options, algorithms })).payload;
    } catch (error) {
      // Another key may have signed it: only a signature or an algorithm that is not this key's tries the next.
      const another =
        error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JOSEAlgNotAllowed;
      if (!another) throw error;
      if (!(failure instanceof errors.JWSSignatureVerificationFailed)) failure = error;
    }
  }
  throw failure;
}

/** One key for every token. */
const fixed =
  (key: Uint8Array | KeyObject): JWTVerifyGetKey =>
  () =>
    key;

import type { RequestHandler } from 'express';
import { errors, type JWTPayload } from 'jose';
import type { AuthConfig } from '../config/load-config.js';
import { HttpProblem } from '../errors/problem.js';
import { KeySetUnavailableError } from './key-set.js';
import { verificationKeys, verifyWithAny } from './token-keys.js';

/** Without authentication configured, every request acts as this user. */
export const LOCAL_USER = 'local';

/** The most characters (code points) a token's `sub` may have: it is the user id in every record and log line. */
export const MAX_SUBJECT_LENGTH = 256;
/** How far the issuer's clock may be from ours, for every time claim: `iat` and `nbf` later, `exp` earlier than this are refused. */
export const CLOCK_SKEW_SECONDS = 60;

/** RFC 9110 §11.1: the scheme name is case-insensitive. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

/**
 * Sets `res.locals.userId`: the JWT's `sub` when authentication is configured
 * (then every request it sees must carry a valid bearer token), else the local
 * user. app.ts mounts it in front of every /api route.
 */
export function authenticate(auth: AuthConfig | undefined, maxLifetimeMs: number): RequestHandler {
  if (!auth) {
    return (_req, res, next) => {
      res.locals.userId = LOCAL_USER;
      next();
    };
  }
  const keys = verificationKeys(auth);
  // A token without `exp` would be good forever: jose refuses it when `exp` is required. `nbf` and `exp` get the skew `iat` gets.
  const options = {
    requiredClaims: ['exp'],
    clockTolerance: CLOCK_SKEW_SECONDS,
    ...(auth.issuer ? { issuer: auth.issuer } : {}),
    ...(auth.audience ? { audience: auth.audience } : {}),
  };
  return async (req, res, next) => {
    const token = BEARER.exec(req.headers.authorization ?? '')?.[1];
    if (!token) throw unauthenticated('Send Authorization: Bearer <token>.', 'Bearer');
    let payload: JWTPayload;
    try {
      payload = await verifyWithAny(token, keys, options);
    } catch (error) {
      throw unauthenticated(reasonFor(error), 'Bearer error="invalid_token"');
    }
    const refusal = refusalOf(payload, maxLifetimeMs);
    if (refusal) throw unauthenticated(refusal, 'Bearer error="invalid_token"');
    res.locals.userId = payload.sub;
    next();
  };
}

/**
 * Why a verified token is still refused: no usable subject, issued in the future,
 * or valid for longer than `maxLifetimeMs` (from `iat`, or from now without one).
 */
function refusalOf({ sub, iat, exp = 0 }: JWTPayload, maxLifetimeMs: number): string | undefined {
  if (typeof sub !== 'string' || sub === '') return 'The token has no subject (sub).';
  // The user of every request without authentication: a token must not reach what was written then.
  if (sub === LOCAL_USER) return `The subject "${LOCAL_USER}" is reserved for use without authentication.`;
  if ([...sub].length > MAX_SUBJECT_LENGTH)
    return `The token's sub claim is longer than ${MAX_SUBJECT_LENGTH} characters.`;
  const now = Date.now() / 1000;
  if (iat !== undefined && iat > now + CLOCK_SKEW_SECONDS) return "The token's iat claim is in the future.";
  if ((exp - (iat ?? now)) * 1000 > maxLifetimeMs) {
    return `The token is valid for longer than this service accepts (${maxLifetimeMs / 1000} s from iat, or from now without one); issue shorter-lived tokens.`;
  }
  return undefined;
}

function reasonFor(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'The token has expired.';
  // The provider is down or slow: say so, since the token may be good; never a 5xx, never a pass.
  if (error instanceof KeySetUnavailableError)
    return "The token's key could not be checked: the identity provider's key set could not be fetched. Try again shortly.";
  if (error instanceof errors.JWKSNoMatchingKey)
    return "The token's key (kid) is not one the identity provider publishes.";
  if (error instanceof errors.JWTClaimValidationFailed) {
    return error.reason === 'missing'
      ? `The token has no ${error.claim} claim; it must carry one.`
      : `The token's ${error.claim} claim is not accepted.`;
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'The token signature does not verify.';
  if (error instanceof errors.JOSEAlgNotAllowed)
    return 'The token is signed with an algorithm this service does not accept.';
  return 'The token is malformed.';
}

function unauthenticated(detail: string, challenge: string): HttpProblem {
  return new HttpProblem('unauthenticated', detail, { headers: { 'WWW-Authenticate': challenge } });
}

// npm run token -- --sub alice [--expires-in 1h]: a token signed with AUTH_JWT_SECRET
// (and AUTH_JWT_ISSUER / AUTH_JWT_AUDIENCE when set), for trying the service locally.
import { parseArgs } from 'node:util';
import { SignJWT } from 'jose';

const { values } = parseArgs({ options: { sub: { type: 'string' }, 'expires-in': { type: 'string', default: '1h' } } });
const secret = process.env.AUTH_JWT_SECRET;
if (!values.sub || !secret) {
  console.error('Usage: AUTH_JWT_SECRET=... npm run token -- --sub <user id> [--expires-in 1h]');
  process.exit(2);
}
let token = new SignJWT({})
  .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
  .setSubject(values.sub)
  .setIssuedAt()
  .setExpirationTime(values['expires-in'] ?? '1h');
if (process.env.AUTH_JWT_ISSUER) token = token.setIssuer(process.env.AUTH_JWT_ISSUER);
if (process.env.AUTH_JWT_AUDIENCE) token = token.setAudience(process.env.AUTH_JWT_AUDIENCE);
console.log(await token.sign(new TextEncoder().encode(secret)));

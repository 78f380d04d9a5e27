// npm run token -- --sub alice [--expires-in 1h]: a token signed with AUTH_JWT_SECRET (or the file AUTH_JWT_SECRET_FILE
// names; during a rotation, the current one) and AUTH_JWT_ISSUER / AUTH_JWT_AUDIENCE when set, for trying the service locally.
import { parseArgs } from 'node:util';
import { SignJWT } from 'jose';
import { readSecret } from '../config/secrets.js';
import { refuseBlank } from '../config/settings-read.js';

const { values } = parseArgs({ options: { sub: { type: 'string' }, 'expires-in': { type: 'string', default: '1h' } } });
const secret = (() => {
  try {
    refuseBlank(process.env, ['AUTH_JWT_SECRET', 'AUTH_JWT_SECRET_FILE', 'AUTH_JWT_ISSUER', 'AUTH_JWT_AUDIENCE']);
    return readSecret(process.env, 'AUTH_JWT_SECRET'); // as the service reads it: trailing whitespace is not part of it
  } catch (error) {
    console.error(`npm run token refused: ${(error as Error).message}`);
    return process.exit(1);
  }
})();
if (!values.sub || !secret) {
  console.error(
    'Usage: AUTH_JWT_SECRET=... (or AUTH_JWT_SECRET_FILE=...) npm run token -- --sub <user id> [--expires-in 1h]',
  );
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

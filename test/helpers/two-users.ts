import { SignJWT } from 'jose';
import { startService, type Service } from './service.js';

const SECRET = 'a-two-users-secret-long-enough-0123456789';

/** A service that takes HS256 tokens (see startService) and the headers of two of its users, ana and ben. */
export async function startTwoUserService(): Promise<{
  service: Service;
  ana: Record<string, string>;
  ben: Record<string, string>;
}> {
  const service = await startService({ auth: { secret: SECRET } });
  return { service, ana: await as('ana'), ben: await as('ben') };
}

const as = async (sub: string) => ({
  authorization: `Bearer ${await new SignJWT({ sub })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode(SECRET))}`,
});

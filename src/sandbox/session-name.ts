import type { Request } from 'express';
import { SANDBOX_HEADERS } from '../edge/cors.js';
import { HttpProblem } from '../errors/problem.js';

export const SESSION_HEADER = SANDBOX_HEADERS.session;
export const SESSION_COOKIE = 'sandbox-session';
export const DEFAULT_SESSION = 'default';

const SESSION_NAME = /^[A-Za-z0-9._:-]{1,64}$/;

/** The session a request names: `X-Sandbox-Session`, else the `sandbox-session` cookie, else `default`; a 400 when it is no name. */
export function sessionNameOf(req: Request): string {
  const header = req.headers[SESSION_HEADER.toLowerCase()];
  const name = typeof header === 'string' ? header : (cookieOf(req.headers.cookie) ?? DEFAULT_SESSION);
  if (!SESSION_NAME.test(name)) {
    throw new HttpProblem(
      'validation-failed',
      `${SESSION_HEADER} (or the ${SESSION_COOKIE} cookie) names a sandbox session: 1 to 64 of A-Z a-z 0-9 . _ : -`,
      {
        errors: [
          {
            path: `/headers/${SESSION_HEADER.toLowerCase()}`,
            message: 'must be 1 to 64 characters of A-Z a-z 0-9 . _ : -',
          },
        ],
      },
    );
  }
  return name;
}

/** The session cookie's value, percent-decoded; as sent when it does not decode (`%`), which no session name matches. */
function cookieOf(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== SESSION_COOKIE) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return value.join('=');
    }
  }
  return undefined;
}

import type { Request } from 'express';
import { SANDBOX_HEADERS } from '../edge/cors.js';
import { HttpProblem } from '../errors/problem.js';
import { Session, type SessionSettings } from './session.js';

export const SESSION_HEADER = SANDBOX_HEADERS.session;
export const SESSION_COOKIE = 'sandbox-session';
export const DEFAULT_SESSION = 'default';
/** The default bound on sessions held at once (SANDBOX_SESSIONS); the least recently used is dropped past it. */
export const DEFAULT_MAX_SESSIONS = 100;

const SESSION_NAME = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The sandbox's sessions: each an isolated store seeded from the examples on first
 * use, held in least-recently-used order, at most `max` at once. A request is served
 * from its session's store and clock (enterSession in controls.ts).
 */
export class Sessions {
  private readonly held = new Map<string, Session>();
  /** The most recently used session: asked for again, it needs no move to the end of `held`. */
  private newest: Session | undefined;

  constructor(
    private readonly open: (name: string, settings: SessionSettings) => Promise<Session>,
    readonly max: number,
  ) {}

  get size(): number {
    return this.held.size;
  }

  /** The session a request names: `X-Sandbox-Session`, else the `sandbox-session` cookie, else `default`. */
  nameOf(req: Request): string {
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

  /** The named session, made and seeded on first use; now the most recently used. */
  async get(name: string): Promise<Session> {
    const session = this.held.get(name) ?? (await this.replace(name, {}));
    if (this.newest !== session) {
      this.held.delete(name);
      this.held.set(name, session);
      this.newest = session;
    }
    return session;
  }

  /** A fresh session under `name`, with `settings`: the seed again, for this session only. */
  async replace(name: string, settings: SessionSettings): Promise<Session> {
    const session = await this.open(name, settings);
    this.held.delete(name);
    this.held.set(name, session);
    this.newest = session;
    for (const oldest of this.held.keys()) {
      if (this.held.size <= this.max) break;
      this.held.delete(oldest);
    }
    return session;
  }

  /** Forgets the named session (its next request starts a fresh one). */
  drop(name: string): void {
    this.held.delete(name);
  }
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

import type { IncomingHttpHeaders } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { SegmentLine } from '../lib/expectations-file.js';
import { printable } from '../lib/printable.js';

type Start = SegmentLine['segment'];

const SESSION_NAME = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The sandbox sessions make record passes requests for, when its target is a sandbox. At a session's first request,
 * and after each reset of it the recorder passes, it asks the sandbox (GET /sandbox/session) for the state the
 * session's segment started from, and `start` writes it before the session's next request is passed on: a recording
 * replays from the state its session started from, as the sandbox's own export does.
 */
export class RecordedSessions {
  private readonly asked = new Map<string, Promise<boolean>>();
  private sandbox: boolean | undefined; // until the first answer: the service and the mock have no /sandbox/session
  /** The state a session starts from when none is set (the examples' seed): where one the sandbox dropped starts again. */
  private seed: Start['state'];

  constructor(
    private readonly target: URL,
    private readonly start: (segment: Start) => void,
  ) {}

  /** The session `headers` name, once its segment is written; undefined when the target is no sandbox. */
  async ready(headers: IncomingHttpHeaders): Promise<string | undefined> {
    const name = sessionOf(headers);
    if (this.sandbox === false || name === undefined) return undefined; // a name that is none: the sandbox answers 400
    return (await (this.asked.get(name) ?? this.ask(name))) ? name : undefined;
  }

  /** After an exchange in `session`: a reset answered 2xx starts its next segment, asked for before its next request passes. */
  answered(session: string | undefined, method: string, path: string, status: number): void {
    if (session === undefined || method !== 'POST' || path.split('?')[0] !== '/sandbox/reset') return;
    if (status >= 200 && status < 300) void this.ask(session);
  }

  /**
   * An answer in `session` says the sandbox dropped it and started it again from the seed (X-Sandbox-Session-Dropped,
   * `dropped`): its next segment starts here, written before the exchange that was told.
   */
  restarted(session: string, dropped: string): void {
    if (this.seed) return this.start({ session, state: this.seed, dropped });
    console.error(
      printable(
        `session ${session}: dropped by the sandbox (${dropped}); the state it started again from is not known`,
      ),
    );
  }

  /** Asks the sandbox for the session's segment and writes it; whether it did (if not, its next request asks again). */
  private ask(name: string): Promise<boolean> {
    const asking = describe(this.target, name)
      .catch(() => undefined)
      .then((told) => {
        if (told === 'no sandbox') this.sandbox = false;
        if (told === 'no sandbox' || told === undefined) {
          if (this.asked.get(name) === asking) this.asked.delete(name);
          return false;
        }
        this.sandbox = true;
        void this.learnSeed();
        try {
          this.start(told);
          return true;
        } catch (error) {
          console.error(`session ${name}: the state it started from was not recorded (${(error as Error).message})`);
          return false;
        }
      });
    this.asked.set(name, asking);
    return asking;
  }

  /** The examples' seed, as the sandbox describes a session it does not hold (a name no one uses): it makes none. */
  private async learnSeed(): Promise<void> {
    if (this.seed) return;
    const told = await describe(this.target, `make-record-${randomUUID()}`).catch(() => undefined);
    if (typeof told === 'object' && told.state?.from === 'examples') this.seed = told.state;
  }
}

/** The session a request names, as the sandbox reads it: X-Sandbox-Session, else the sandbox-session cookie, else default. */
export function sessionOf(headers: IncomingHttpHeaders): string | undefined {
  const header = headers['x-sandbox-session'];
  const cookie = (headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === 'sandbox-session');
  const name = typeof header === 'string' ? header : cookie ? decoded(cookie.slice(1).join('=')) : 'default';
  return SESSION_NAME.test(name) ? name : undefined;
}

/** GET /sandbox/session of `name`: its segment's state and how many requests it had served; 'no sandbox' when no sandbox answers it. */
async function describe(target: URL, name: string): Promise<Start | 'no sandbox' | undefined> {
  const answer = await fetch(new URL('/sandbox/session', target), { headers: { 'x-sandbox-session': name } });
  if (answer.status === 429 || answer.status >= 500) return undefined; // asked again at the session's next request
  const told = (await answer.json().catch(() => undefined)) as { name?: unknown; state?: unknown; logged?: unknown };
  // A sandbox that tells no state (one older than `state` and `logged`) is recorded as any other server.
  if (!answer.ok || told?.name !== name || typeof told.logged !== 'number') return 'no sandbox';
  const state = told.state as Start['state'];
  return { session: name, ...(state ? { state } : {}), ...(told.logged ? { before: told.logged } : {}) };
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

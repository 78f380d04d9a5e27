import { createHash } from 'node:crypto';
import type { RedactHeaders } from '../contract/redact.js';
import type { Scope } from '../edge/scope.js';
import { memoryHits } from '../store/memory/hit-counter.js';
import type { MemoryStore } from '../store/memory/memory-store.js';
import type { HitCounter } from '../store/store.js';
import { RequestLog } from './request-log.js';
import { Segments } from './segments.js';
import { SessionClock } from './session-clock.js';
import type { Dropped } from './dropped.js';
import type { SessionSettings } from './session-settings.js';

/** What a session starts after: the session a reset `replaced`, its scenario's `version`, the drop it starts again `after`; its log's cap. */
export interface SessionStart {
  replaced?: Session | undefined;
  version?: number | undefined;
  after?: Dropped | undefined;
  logBytes?: number | undefined;
}

/** One isolated sandbox: its own store, clock and ids, failures, rate-limit counts and request log; its requests are served from it. */
export class Session implements Scope {
  readonly clock: SessionClock;
  private random: () => number;
  readonly hits: HitCounter = memoryHits(); // per session, so one session's writes never use up another's allowance
  /** Its requests, and its starting states: both go on from the session a reset replaced (a new segment). */
  readonly log: RequestLog;
  readonly segments: Segments;
  /** The segment its requests are logged in. */
  readonly segment: number;
  /** The drop it starts again after, told on its first answer (X-Sandbox-Session-Dropped) and kept in its first segment. */
  readonly startedAgain: Dropped | undefined;
  /** Whether an answer has carried `startedAgain` yet. */
  toldDrop: boolean;
  /** When it was made (the machine's clock): its last use until it logs a request. */
  readonly startedAt = new Date().toISOString();
  /** Requests being served from it: while any is, it is never dropped to make room. */
  inFlight = 0;
  /** When a request last entered or left it (Date.now()): used within SANDBOX_SESSION_IDLE, it is never dropped to make room. */
  lastUsed = Date.now();
  /** Whether it counts against SANDBOX_SESSIONS: once a write or a reset came to it; a session only read from does not. */
  counted = false;

  /**
   * `redact`: how its log shows headers; `replaced`: the session under its name before a reset; `version`: its
   * scenario's (Defined.version); `after`: the session under its name that was dropped, when this one starts again.
   */
  constructor(
    readonly name: string,
    readonly store: MemoryStore,
    readonly settings: SessionSettings,
    redact: RedactHeaders,
    { replaced, version, after, logBytes }: SessionStart = {},
  ) {
    this.log = replaced?.log ?? new RequestLog(redact, logBytes);
    this.segments = replaced?.segments ?? new Segments();
    this.segment = this.segments.start({
      settings,
      ...(version === undefined ? {} : { version }),
      ...(after === undefined ? {} : { after }),
    });
    // A drop goes on being told through resets until an answer has carried it; shown on the page and export after that.
    this.startedAgain = after ?? replaced?.startedAgain;
    this.toldDrop = after === undefined && (replaced?.toldDrop ?? false);
    this.clock = new SessionClock(settings);
    this.random = settings.seed === undefined ? Math.random : seededRandom(`${settings.seed}/failures`);
  }

  /** What it holds, counted against SANDBOX_MAX_BYTES: its records' keys and JSON, and its request log. */
  get bytes(): number {
    return this.store.bytes + this.log.bytes;
  }

  /** Whether this request is one of the failures the session's rate asks for. */
  fails(): boolean {
    const rate = this.settings.failureRate ?? 0;
    return rate > 0 && this.random() < rate;
  }
}

/** mulberry32, seeded from the text's hash: enough for drawing failures repeatably. */
function seededRandom(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32BE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

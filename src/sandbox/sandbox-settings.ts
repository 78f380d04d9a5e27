import { parseCount, parseDuration, parseSize } from '../config/parse.js';
import type { SessionLimits } from './session-room.js';

/** What the event streams of the sandbox's page may take (src/sandbox/event-streams.ts). */
export interface StreamLimits {
  /** SANDBOX_EVENT_STREAMS: open at once, all clients together. */
  total: number;
  /** SANDBOX_EVENT_STREAMS_PER_CLIENT: open at once from one address. */
  perClient: number;
  /** SANDBOX_EVENT_BUFFER: bytes written to one stream and not yet taken by its reader; past it the stream is closed. */
  unsentBytes: number;
  /** SANDBOX_LARGE_ANSWERS: answers holding a whole session (state, description, log) sent at once, all clients together. */
  largeAnswers: number;
  /** SANDBOX_SEND_IDLE: how long such an answer waits on a reader that takes nothing before it is cut off. */
  sendIdleMs: number;
}

/** Everything `make sandbox` reads from SANDBOX_* variables, with its default. */
export interface SandboxSettings {
  sessions: SessionLimits;
  streams: StreamLimits;
  /** SANDBOX_MAX_SCENARIOS: scenarios held, files included. */
  maxScenarios: number;
}

/** The least SANDBOX_MAX_BYTES taken: a session's request log alone may hold 1 MiB. */
export const MIN_MAX_BYTES = 1024 ** 2;

export const DEFAULT_SANDBOX_SETTINGS: SandboxSettings = {
  // 300 sessions written to, 5 minutes' idle: a suite may start 60 a minute, one a test, and never wait; each log's
  // room (logBytesOf) then holds 100 ordinary requests (327 KiB).
  sessions: { max: 300, maxBytes: 256 * 1024 ** 2, idleMs: 5 * 60_000, startsPerMinute: 600 },
  // 4 whole sessions in the making at once: at most 4 × a session's store (QUOTA_BYTES, 32 MiB) held for their readers.
  streams: { total: 64, perClient: 8, unsentBytes: 64 * 1024, largeAnswers: 4, sendIdleMs: 30_000 },
  maxScenarios: 100,
};

/** The sandbox's settings from `env`; throws one line naming the first setting that is not of its form. */
export function readSandboxSettings(env: NodeJS.ProcessEnv): SandboxSettings {
  const read = <T>(name: string, parse: (text: string, name: string) => T, fallback: T): T => {
    const text = env[name];
    return text === undefined ? fallback : parse(text, name);
  };
  const { sessions, streams, maxScenarios } = DEFAULT_SANDBOX_SETTINGS;
  const maxBytes = read('SANDBOX_MAX_BYTES', atLeastOneMiB, sessions.maxBytes);
  return {
    sessions: {
      max: read('SANDBOX_SESSIONS', parseCount, sessions.max),
      maxBytes,
      idleMs: read('SANDBOX_SESSION_IDLE', atLeastOneSecond, sessions.idleMs),
      startsPerMinute: read('SANDBOX_NEW_SESSIONS', parseCount, sessions.startsPerMinute),
    },
    streams: {
      total: read('SANDBOX_EVENT_STREAMS', parseCount, streams.total),
      perClient: read('SANDBOX_EVENT_STREAMS_PER_CLIENT', parseCount, streams.perClient),
      unsentBytes: read('SANDBOX_EVENT_BUFFER', parseSize, streams.unsentBytes),
      largeAnswers: read('SANDBOX_LARGE_ANSWERS', parseCount, streams.largeAnswers),
      sendIdleMs: read('SANDBOX_SEND_IDLE', atLeastOneSecond, streams.sendIdleMs),
    },
    maxScenarios: read('SANDBOX_MAX_SCENARIOS', parseCount, maxScenarios),
  };
}

function atLeastOneMiB(text: string, name: string): number {
  const bytes = /^\d+\s*(b|kb|mb|gb)?$/i.test(text.trim()) ? parseSize(text, name) : 0;
  if (bytes < MIN_MAX_BYTES)
    throw new Error(`${name} must be a size of at least 1mb, such as 64mb or 1gb, not "${text}"`);
  return bytes;
}

/** A session's idle time: at least a second, or any pause between two requests could drop it (sessions were once dropped between two requests of one test). */
function atLeastOneSecond(text: string, name: string): number {
  const ms = parseDuration(text, name);
  if (ms < 1000) throw new Error(`${name} must be a duration of at least 1s, such as 5m, not "${text}"`);
  return ms;
}

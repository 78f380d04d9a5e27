import { v7 as uuidv7 } from 'uuid';

/** Where the service's instants and ids come from: handlers are given one per request (src/edge/scope.ts). */
export interface Clock {
  /** Milliseconds since the epoch, as Date.now(). */
  now(): number;
  /** A new record id: a UUID v7. */
  newId(): string;
}

/** The machine's clock and random ids: the service's; a sandbox session has its own (src/sandbox/session-clock.ts). */
export const SYSTEM_CLOCK: Clock = { now: () => Date.now(), newId: () => uuidv7() };

import { v7 as uuidv7 } from 'uuid';

/** Where the service's instants and ids come from. */
export interface Clock {
  /** Milliseconds since the epoch, as Date.now(). */
  now(): number;
  /** A new record id: a UUID v7. */
  newId(): string;
}

const SYSTEM: Clock = { now: () => Date.now(), newId: () => uuidv7() };
let pick: () => Clock = () => SYSTEM;

export const now = (): number => pick().now();
export const newId = (): string => pick().newId();

/** The sandbox gives each session its own clock (src/sandbox/session.ts); the service never calls this. */
export function useClocks(current: () => Clock | undefined): void {
  pick = () => current() ?? SYSTEM;
}

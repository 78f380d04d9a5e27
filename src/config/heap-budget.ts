import { getHeapStatistics } from 'node:v8';
import type { Limits } from './limits.js';

// The heap the settings need, checked against the process's heap limit at start-up (the heap limit and the stated size
// are checked against each other, so no request within its quotas can make the process die). Measured by npm run bench:memory (docs/operators/storage.md).

/** Heap one stored byte of the embedded store takes at most: 2.2 for small records, 2.6 when their text is beyond Latin-1. */
export const HEAP_PER_STORED_BYTE = 3;
/** Heap one byte of a request body in flight may take while it is served: parsed, `[{},{},…]` takes 21 times its JSON. */
export const HEAP_PER_BODY_BYTE = 24;
/**
 * Heap one byte of log lines held while stdout takes none may take (LOG_BUFFER_MAX_BYTES): 1.2 after a full
 * collection, whatever the lines' characters, and the blocks they are joined into are garbage until the next.
 */
export const HEAP_PER_LOG_BYTE = 2;
/** What the process takes before any data: code, the compiled contract, buffers. */
export const HEAP_BASE_BYTES = 64 * 1024 ** 2;

/** The heap limit of this process (V8's, set by --max-old-space-size or the machine's memory), in bytes. */
export function heapLimitBytes(): number {
  return getHeapStatistics().heap_size_limit;
}

/** What the heap's reserve counts: the bodies in flight and the log lines held. */
type Reserved = Pick<Limits, 'inFlightBytes' | 'logBufferBytes'>;

/**
 * Heap kept free for requests in flight and the log lines held: past the rest, the embedded store takes no growth (507).
 * With `bodyBytesInFlight` admitted now, their share is in the heap in use already (as what they hold, up to 24 times
 * their bytes): only the bodies that may yet arrive are kept room for, so one user's bodies in flight are not counted
 * twice against another's write.
 */
export function heapReserveBytes(limits: Reserved, bodyBytesInFlight = 0): number {
  const bodies = Math.max(0, limits.inFlightBytes - bodyBytesInFlight);
  return HEAP_BASE_BYTES + HEAP_PER_BODY_BYTE * bodies + HEAP_PER_LOG_BYTE * limits.logBufferBytes;
}

/** The most `heapLimit` holds (as STORE_MAX_BYTES or SANDBOX_MAX_BYTES count it) beside the reserve, in whole MiB. */
export function storeMaxBytesFor(heapLimit: number, limits: Reserved): number {
  const room = Math.floor((heapLimit - heapReserveBytes(limits)) / HEAP_PER_STORED_BYTE / 1024 ** 2);
  return Math.max(0, room) * 1024 ** 2;
}

/** What a process holds in its heap besides requests: its embedded store, or the sandbox's sessions, with the setting that bounds it. */
export interface Held {
  setting: 'STORE_MAX_BYTES' | 'SANDBOX_MAX_BYTES';
  bytes: number;
}

/**
 * Throws, naming both numbers and what to set, when the heap cannot hold what the process holds (3 × `held`) beside
 * the bodies that may be in flight and the log lines that may be held. Without `held` (the store is PostgreSQL), only
 * those count.
 */
export function checkHeap(heapLimit: number, limits: Reserved, held?: Held): void {
  const needed = heapReserveBytes(limits) + (held ? HEAP_PER_STORED_BYTE * held.bytes : 0);
  if (needed <= heapLimit) return;
  const reserved = `MAX_IN_FLIGHT_BYTES=${size(limits.inFlightBytes)} and LOG_BUFFER_MAX_BYTES=${size(limits.logBufferBytes)}`;
  const settings = held
    ? `${held.setting}=${size(held.bytes)} (${HEAP_PER_STORED_BYTE} × its size), ${reserved}`
    : reserved;
  const fits = held ? `, or at most ${held.setting}=${mib(storeMaxBytesFor(heapLimit, limits))}` : '';
  throw new Error(
    `${settings} need a heap of ${mib(needed)} (${HEAP_PER_BODY_BYTE} × the bodies in flight, ${HEAP_PER_LOG_BYTE} × the log lines held, ${mib(HEAP_BASE_BYTES)} to run), but this process's heap limit is ${mib(heapLimit)}: set NODE_OPTIONS=--max-old-space-size=${Math.ceil(needed / 1024 ** 2)}${fits}`,
  );
}

function mib(bytes: number): string {
  return `${Math.round(bytes / 1024 ** 2)}mb`;
}

/** A setting's value as it could be written: in mb or kb where it is a whole number of them. */
function size(bytes: number): string {
  if (bytes % 1024 ** 2 === 0) return `${bytes / 1024 ** 2}mb`;
  return bytes % 1024 === 0 ? `${bytes / 1024}kb` : String(bytes);
}

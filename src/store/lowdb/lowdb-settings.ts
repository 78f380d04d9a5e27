import type { Logger } from 'pino';
import type { StoreQuotas } from '../store.js';
import type { StoreHooks } from '../store-hooks.js';
import type { HeapRoom } from './engine/stated-size.js';

// What opening a lowdb store (src/store/lowdb/lowdb-store.ts) takes. The service passes every setting, with
// config's defaults (src/config/limits.ts, load-config.ts); a store opened without one (a test, a tool) takes the same numbers here.

/** The journal size at which a checkpoint starts (JOURNAL_CHECKPOINT_BYTES), unless given. */
export const CHECKPOINT_BYTES = 128 * 1024 * 1024;
/** The stated size (STORE_MAX_BYTES) and the journal's ceiling (JOURNAL_MAX_BYTES), unless given. */
export const STORE_MAX_BYTES = 512 * 1024 ** 2;
export const JOURNAL_MAX_BYTES = 1024 ** 3;
/** After a failed checkpoint, wait 1 s before the next try, doubling after each further failure up to a minute. */
export const CHECKPOINT_RETRY_MS = { first: 1000, most: 60_000 };

/** What the control socket (operations/control-socket.ts) allows: a make export or make backup needs one connection. */
export interface ControlSocketLimits {
  /** How long the owner waits on a client (its command, its reading, its heartbeat while files are held) with no byte moving (CONTROL_SOCKET_IDLE_TIMEOUT). */
  idleMs: number;
  /** Connections answered at once; one more gets an error line (CONTROL_SOCKET_MAX_CONNECTIONS). */
  maxConnections: number;
}
/** The control socket's bounds (CONTROL_SOCKET_IDLE_TIMEOUT, CONTROL_SOCKET_MAX_CONNECTIONS), unless given. */
export const CONTROL_SOCKET: ControlSocketLimits = { idleMs: 10_000, maxConnections: 4 };

export interface LowdbOptions {
  /** Journal bytes at which a checkpoint starts (JOURNAL_CHECKPOINT_BYTES). */
  checkpointBytes?: number;
  /** The stated size: stored bytes past which no change may grow the store (STORE_MAX_BYTES). */
  storeMaxBytes?: number;
  /** Journal bytes past which ping() rejects, since checkpoints are failing (JOURNAL_MAX_BYTES). */
  journalMaxBytes?: number;
  /** The control socket's bounds; CONTROL_SOCKET unless given. */
  controlSocket?: ControlSocketLimits;
  /** Whether the process's heap has room for growth (lib/heap-watch.ts); without it, only the stated size bounds growth. */
  heap?: HeapRoom;
  /** What each owner may keep; without them, nothing is counted. */
  quotas?: StoreQuotas;
  /** Hears failed checkpoints (error) and a store nearly full (warn). */
  logger?: Logger;
  /** Hear its commits, checkpoints and size (metrics, traces); nothing unless given. */
  hooks?: StoreHooks;
  /** Bounds that tests make small: the longest journal line, a shard's write chunk, the checkpoint back-off. */
  journalLineBytes?: number;
  shardChunkChars?: number;
  checkpointRetryMs?: { first: number; most: number };
}

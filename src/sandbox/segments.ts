import type { Dropped } from './dropped.js';
import { LOG_SIZE } from './request-log.js';
import type { SessionSettings } from './session-settings.js';

/** What a session was reset to: its settings, and which definition of its scenario it started from (Defined.version). */
export interface SegmentState {
  settings: SessionSettings;
  version?: number;
  /** The drop of the session before it under its name, when it started again after one. */
  after?: Dropped;
}

/**
 * A session's starting states across its resets, numbered: a reset starts a new segment, and each
 * request is logged with the number of the one it was served in (expectations name each one's state).
 * Kept while their requests may be: the current one, and the last LOG_SIZE that logged any.
 */
export class Segments {
  private readonly held = new Map<number, { state: SegmentState; logged: number }>();
  private last = -1;

  /** Starts the next segment; returns its number. */
  start(state: SegmentState): number {
    const current = this.held.get(this.last);
    if (current?.logged === 0) this.held.delete(this.last); // no request was served from it
    this.held.set(++this.last, { state, logged: 0 });
    for (const number of this.held.keys()) if (this.held.size > LOG_SIZE + 1) this.held.delete(number);
    return this.last;
  }

  /** A request of segment `number` was logged. */
  logged(number: number): void {
    const segment = this.held.get(number);
    if (segment) segment.logged++;
  }

  /** Segment `number`'s state, and how many of its requests were logged (some may have been dropped since). */
  get(number: number): { state: SegmentState; logged: number } | undefined {
    return this.held.get(number);
  }

  /** The numbers of the segments held that logged requests, oldest first. */
  withRequests(): number[] {
    return [...this.held].filter(([, { logged }]) => logged > 0).map(([number]) => number);
  }
}

import { HttpProblem } from '../../errors/problem.js';
import type { Stopping } from '../../edge/shutdown.js';
import type { Store } from '../../store/store.js';

const RUNNING: Stopping = { stopping: false };

/** The longest a probe waits for the store: under a balancer's check timeout (HAProxy's is its interval, a kubelet's 1 s). */
export const PROBE_WAIT_MS = 500;
/** A ping still unanswered after this is given up as failed, so the next probe pings anew. */
export const READY_TIMEOUT_MS = 1_000;

/** What the probes have learnt of one store: since when it fails (unset while it answers), why, and the ping under way. */
interface StoreHealth {
  failingSince?: number;
  error?: unknown;
  ping?: Promise<void>;
  pingStarted?: number;
}

/**
 * Readiness: not ready while the process is shutting down, or once its store has been unusable for `graceMs`.
 * A shorter outage is most likely shared (a database or pooler restart every instance sees at once): the
 * instance stays in rotation and answers its own 503 `unavailable` with Retry-After, rather than every
 * instance leaving the balancer together and the balancer answering for them. One ping at a time per store;
 * a probe waits for it at most PROBE_WAIT_MS, and a ping not back by then counts as failing since it began.
 */
export class Readiness {
  private readonly stores = new WeakMap<Store, StoreHealth>();

  constructor(
    private readonly graceMs: number,
    private readonly stopping: Stopping = RUNNING,
    private readonly now: () => number = Date.now,
  ) {}

  /** Resolves while ready; else rejects with the 503 problem saying why (its cause, for the log, the store's error). */
  async check(store: Store): Promise<void> {
    if (this.stopping.stopping)
      throw new HttpProblem('stopping', 'Not ready: this process is shutting down. Send no new traffic here.');
    const health = this.healthOf(store);
    health.ping ??= this.ping(store, health);
    await waitAtMost(health.ping, PROBE_WAIT_MS);
    const problem = this.verdict(health);
    if (problem) throw problem;
  }

  /** What the probes have learnt, without pinging (a scrape must not touch the database): ready unless stopping or past the grace. */
  ready(store: Store): boolean {
    return !this.stopping.stopping && this.verdict(this.healthOf(store)) === undefined;
  }

  /** The 503 problem once the store has failed (or kept a ping waiting) for the grace; undefined while ready. */
  private verdict(health: StoreHealth): HttpProblem | undefined {
    const since = health.failingSince ?? health.pingStarted;
    if (since === undefined || this.now() - since < this.graceMs) return undefined;
    return new HttpProblem(
      'unavailable',
      `Not ready: the store has been closed or unreachable for ${Math.round((this.now() - since) / 1000)} s. Send no traffic here now.`,
      { cause: health.error ?? new Error(`the store did not answer within ${PROBE_WAIT_MS} ms`) },
    );
  }

  private healthOf(store: Store): StoreHealth {
    let health = this.stores.get(store);
    if (!health) this.stores.set(store, (health = {}));
    return health;
  }

  private ping(store: Store, health: StoreHealth): Promise<void> {
    const started = this.now();
    health.pingStarted = started;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the store did not answer within ${READY_TIMEOUT_MS} ms`)),
        READY_TIMEOUT_MS,
      );
    });
    return Promise.race([store.ping(), late])
      .then(
        () => {
          health.failingSince = undefined;
          health.error = undefined;
        },
        (error: unknown) => {
          health.failingSince ??= started;
          health.error = error;
        },
      )
      .finally(() => {
        clearTimeout(timer);
        health.ping = undefined;
        health.pingStarted = undefined;
      });
  }
}

/** Resolves when `work` settles or after `ms`, whichever is first; never rejects. */
async function waitAtMost(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

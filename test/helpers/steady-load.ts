import { call } from './client.js';
import type { Service } from './service.js';

/** A request that did not succeed: what came back (or the socket's error), as a client would see it. */
export interface Failure {
  status: number | 'socket';
  contentType: string;
  retryAfter: string | null;
  body: unknown;
}

/**
 * Writers that each set their own identity namespace (`${prefix}-${writer}`) to the next number, through
 * `service`, without pause while they succeed; after a failure a writer waits `pauseMs`, as a client would.
 */
export class SteadyLoad {
  readonly acked: number[];
  readonly failures: Failure[] = [];
  /** The longest time no writer's write was acknowledged, in ms (for the bench; tests assert no duration). */
  longestGapMs = 0;
  private lastAck = performance.now();
  private running = true;
  private readonly writers: Promise<void>[];

  constructor(
    private readonly service: Service,
    count: number,
    readonly prefix = 'steady',
    private readonly pauseMs = 100,
  ) {
    this.acked = Array<number>(count).fill(0);
    this.writers = this.acked.map((_acked, writer) => this.write(writer));
  }

  /** Writes acknowledged so far. */
  get writes(): number {
    return this.acked.reduce((sum, sequence) => sum + sequence, 0);
  }

  path(writer: number): string {
    return `/api/identity/settings/${this.prefix}-${writer}`;
  }

  private acknowledged(writer: number, sequence: number): void {
    this.acked[writer] = sequence;
    const now = performance.now();
    this.longestGapMs = Math.max(this.longestGapMs, now - this.lastAck);
    this.lastAck = now;
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.writers);
  }

  private async write(writer: number): Promise<void> {
    for (let sequence = this.acked[writer]! + 1; this.running; sequence++) {
      let failure: Failure | undefined;
      try {
        const reply = await call(this.service, 'PATCH', this.path(writer), { body: { patch: { sequence } } });
        if (reply.status === 200) this.acknowledged(writer, sequence);
        else
          failure = {
            status: reply.status,
            contentType: reply.headers.get('content-type') ?? '',
            retryAfter: reply.headers.get('retry-after'),
            body: reply.body,
          };
      } catch (error) {
        const message = `${(error as Error).message} ${String((error as Error).cause ?? '')}`;
        failure = { status: 'socket', contentType: '', retryAfter: null, body: message };
      }
      if (failure) {
        this.failures.push(failure);
        await new Promise((resolve) => setTimeout(resolve, this.pauseMs));
      }
    }
  }
}

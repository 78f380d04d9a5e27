import { expect } from 'chai';
import { call } from './client.js';
import type { Service } from './service.js';

/** What one writer had acknowledged: its last identity sequence, and its streams in order. */
export interface Acked {
  sequence: number;
  streams: string[];
}

/**
 * Writers that each, in turn and without pause, set their identity namespace
 * `load-<n>` to the next sequence number and then create stream `load-<n> #<sequence>`,
 * so a consistent snapshot holds, for each writer, a sequence s and exactly its
 * streams #1 to #s-1 or #s. Runs until stopped; a failed write ends its writer.
 */
export class Load {
  private readonly acked: Acked[];
  private running = true;
  private readonly writers: Promise<void>[];

  constructor(
    private readonly service: Service,
    count: number,
    private readonly headers: Record<string, string> = {},
  ) {
    this.acked = Array.from({ length: count }, () => ({ sequence: 0, streams: [] }));
    this.writers = this.acked.map((acked, writer) => this.write(writer, acked));
  }

  /** A copy of what is acknowledged now. */
  now(): Acked[] {
    return this.acked.map(({ sequence, streams }) => ({ sequence, streams: [...streams] }));
  }

  /** Writes acknowledged so far, over all writers. */
  get writes(): number {
    return this.acked.reduce((sum, acked) => sum + 2 * acked.sequence, 0);
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.writers);
  }

  private async write(writer: number, acked: Acked): Promise<void> {
    for (let sequence = 1; this.running; sequence++) {
      const patched = await call(this.service, 'PATCH', `/api/identity/settings/load-${writer}`, {
        body: { patch: { sequence } },
        headers: this.headers,
      }).catch(() => undefined);
      if (patched?.status !== 200) return;
      acked.sequence = sequence;
      const created = await call(this.service, 'POST', '/api/streams', {
        body: { title: `load-${writer} #${sequence}` },
        headers: this.headers,
      }).catch(() => undefined);
      if (created?.status !== 201) return;
      acked.streams.push(created.body.id as string);
    }
  }
}

/** The load's records in a snapshot: each writer's sequence, and the ids of its streams by number. */
export interface Seen {
  sequences: Map<number, number>;
  streams: Map<number, Map<number, string>>;
}

/**
 * Checks a snapshot against the load: every write acknowledged before it began is in
 * it (`before`), and it is one moment of the store: for each writer with sequence s,
 * its streams are exactly #1 to #s-1, or #1 to #s.
 */
export function expectConsistentSnapshot(seen: Seen, before: Acked[]): void {
  for (const [writer, acked] of before.entries()) {
    const sequence = seen.sequences.get(writer) ?? 0;
    expect(sequence, `writer ${writer}'s acknowledged sequence`).to.be.at.least(acked.sequence);
    const streams = seen.streams.get(writer) ?? new Map<number, string>();
    for (const id of acked.streams)
      expect([...streams.values()], `writer ${writer}'s acknowledged stream`).to.include(id);
    const numbers = [...streams.keys()].sort((a, b) => a - b);
    expect(numbers, `writer ${writer}: no stream without every one before it`).to.deep.equal(
      numbers.map((_, index) => index + 1),
    );
    expect(numbers.length, `writer ${writer}: streams up to its sequence ${sequence}, or one fewer`).to.be.within(
      Math.max(0, sequence - 1),
      sequence,
    );
  }
}

/** Reads what a snapshot holds of the load, from a dump's record lines. */
export function seenInDump(lines: string[]): Seen {
  const seen: Seen = { sequences: new Map(), streams: new Map() };
  for (const line of lines) {
    const record = JSON.parse(line) as {
      collection: string;
      key: string;
      value: { title?: string; id?: string; namespace?: string; settings?: { sequence?: number } };
    };
    const namespace = /^load-(\d+)$/.exec(record.value.namespace ?? '');
    if (record.collection === 'identitySettings' && namespace)
      seen.sequences.set(Number(namespace[1]), record.value.settings?.sequence ?? 0);
    const title = /^load-(\d+) #(\d+)$/.exec(record.value.title ?? '');
    if (record.collection === 'streams' && title) {
      const writer = Number(title[1]);
      if (!seen.streams.has(writer)) seen.streams.set(writer, new Map());
      seen.streams.get(writer)!.set(Number(title[2]), record.value.id!);
    }
  }
  return seen;
}

/** `during` while two writers write to `service`; then checks they went on writing after it (none failed meanwhile). */
export async function whileWriting<T>(service: Service, during: () => Promise<T>): Promise<T> {
  const load = new Load(service, 2);
  const until = async (writes: number) => {
    for (let waited = 0; load.writes < writes && waited < 60_000; waited += 20)
      await new Promise((done) => setTimeout(done, 20));
    expect(load.writes, 'the writers stopped: a write failed').to.be.at.least(writes);
  };
  try {
    await until(10);
    const result = await during();
    await until(load.writes + 10);
    return result;
  } finally {
    await load.stop();
  }
}

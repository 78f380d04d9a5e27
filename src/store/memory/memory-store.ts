import { endOfTurn } from '../../lib/end-of-turn.js';
import { GroupIndex } from '../group-index.js';
import { storedRecord } from '../records.js';
import {
  COLLECTIONS,
  type Change,
  type Collection,
  type Entry,
  type Page,
  type Placement,
  type Store,
  type StoreQuotas,
  type StoredRecord,
} from '../store.js';
import { chargedBytes, type Footprint } from '../quota-checks.js';
import { Usage } from '../usage.js';

/** A record as held: its value's JSON (parsed when read, so it costs its length whatever its shape), and its filing. */
interface Held {
  text: string;
  /** UTF-8 bytes of the key and the text: what the record counts in `bytes`. */
  bytes: number;
  placement: Placement;
}

/** A memory store also says what it holds: the sandbox bounds its sessions by it. */
export interface MemoryStore extends Store {
  /** UTF-8 bytes of every record's key and JSON. */
  readonly bytes: number;
  /** Changes applied so far: whether a request wrote anything. */
  readonly changes: number;
  records(): AsyncIterable<StoredRecord>;
}

/**
 * Everything in memory, nothing on disk: the sandbox's store, and the baseline
 * the benchmark compares the durable stores with. Never used where durability is claimed.
 * A write is applied at once and answered once its turn of the event loop has ended,
 * together with the turn's other writes, as the durable stores answer a group commit.
 */
export function openMemoryStore(
  options: {
    quotas?: StoreQuotas;
    /** Called before a change grows what the store holds by `growth` bytes; throws to refuse it, and nothing is kept. */
    room?: (growth: number) => void;
  } = {},
): MemoryStore {
  const tables = new Map<Collection, { records: Map<string, Held>; index: GroupIndex }>();
  const table = (collection: Collection) => {
    let found = tables.get(collection);
    if (!found) {
      const records = new Map<string, Held>();
      const index = new GroupIndex({
        groupOf: (key) => records.get(key)?.placement.group,
        moved: (before, after) => usage.moved(collection, before, after),
      });
      tables.set(collection, (found = { records, index }));
    }
    return found;
  };
  const valueOf = (held: Held | undefined) => (held === undefined ? undefined : JSON.parse(held.text));
  const usage = new Usage(options.quotas, (collection, group) => table(collection).index.count(group));
  let bytes = 0;
  let changes = 0;
  let open = true;
  return {
    get bytes() {
      return bytes;
    },
    get changes() {
      return changes;
    },
    async get<T>(collection: Collection, key: string) {
      return valueOf(table(collection).records.get(key)) as T | undefined;
    },
    async list<T>(collection: Collection, group: string, page: Page) {
      const { records, index } = table(collection);
      return index.page(group, page).map((key) => ({ key, value: valueOf(records.get(key)) as T }) satisfies Entry<T>);
    },
    async update<T>(
      collection: Collection,
      key: string,
      change: (previous: T | undefined) => T | undefined,
      { group, owner }: Placement = {},
    ) {
      const { records, index } = table(collection);
      const before = records.get(key);
      const previous = valueOf(before) as T | undefined;
      const current = change(previous);
      const text = current === undefined ? undefined : JSON.stringify(current);
      const held =
        text === undefined
          ? undefined
          : { text, bytes: Buffer.byteLength(key) + Buffer.byteLength(text), placement: { group, owner } };
      const footprints = [footprintOf(collection, key, before), footprintOf(collection, key, held)] as const;
      usage.check(collection, ...footprints);
      const growth = (held?.bytes ?? 0) - (before?.bytes ?? 0);
      if (growth > 0) options.room?.(growth);
      usage.change(collection, ...footprints);
      bytes += growth;
      changes++;
      if (held === undefined) records.delete(key);
      else records.set(key, held);
      index.set(key, current === undefined ? undefined : group, before?.placement.group);
      await endOfTurn(); // applied at once, answered with the turn's other writes (the durable stores commit in groups)
      return { previous, current } satisfies Change<T>;
    },
    /** A copy of every record's reference, taken at once: a held record is text, never changed in place. */
    async *records() {
      const snapshot = COLLECTIONS.map(
        (collection) => [collection, [...table(collection).records].sort(([a], [b]) => (a < b ? -1 : 1))] as const,
      );
      for (const [collection, entries] of snapshot) {
        for (const [key, held] of entries)
          yield storedRecord(collection, key, { value: valueOf(held), ...held.placement });
      }
    },
    async ping() {
      if (!open) throw new Error('the store is closed');
    },
    async close() {
      open = false;
    },
  };
}

/** What a held record takes from its owner (usage.ts); undefined for none. */
function footprintOf(collection: Collection, key: string, held: Held | undefined): Footprint | undefined {
  if (held === undefined) return undefined;
  const { owner, group } = held.placement;
  return { owner, group, bytes: chargedBytes(collection, key, held.bytes - Buffer.byteLength(key)) };
}

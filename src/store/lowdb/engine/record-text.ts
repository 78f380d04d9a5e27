import type { Collection } from '../../store.js';

/** A record as the store keeps it: the value and the group it is listed under. */
export interface Stored {
  value: unknown;
  group?: string;
  /** Whom the record counts against (quotas). */
  owner?: string;
}

/** One change: the record's new state, or null when it was deleted. */
export type Op = [collection: Collection, key: string, stored: Stored | null];

/**
 * An op with its compact JSON, made once when the change is made: the journal's
 * line reuses `text`, the committed state keeps `record`, and the stated size
 * counts `size`. It is the op itself, so the commit queue takes it as it takes any op.
 */
export type Serialized = Op & {
  /** The op as JSON, as an entry of a journal line. */
  readonly text: string;
  /** The record as JSON (recordText), as the committed state holds it; null for a delete. */
  readonly record: string | null;
  /** UTF-8 bytes of `text`. */
  readonly bytes: number;
  /** The record's stored bytes (see recordLine); undefined for a delete. */
  readonly size: number | undefined;
  /** The bytes of the record's value alone, as compact JSON (quotas count them); undefined for a delete. */
  readonly valueBytes: number | undefined;
  /**
   * The group the record it replaces is filed under (undefined: none). Known when the op is made, and still so when
   * it is applied: a record's ops apply in the order they were made, and an op dropped takes those built on it with
   * it (CommitQueue). So applying it needs no parse of the record it replaces.
   */
  readonly before: string | undefined;
};

/** `op` with its JSON; `before` is the group the record it replaces is filed under. */
export function serialize(op: Op, before: string | undefined): Serialized {
  const [collection, key, stored] = op;
  const keyText = JSON.stringify(key);
  const head = `[${JSON.stringify(collection)},${keyText},`;
  if (stored === null)
    return Object.assign(op, {
      text: `${head}null]`,
      record: null,
      bytes: Buffer.byteLength(head) + 5,
      size: undefined,
      valueBytes: undefined,
      before,
    });
  // One JSON.stringify, members in a Stored's order whatever the object's: a flat string of its own (the committed
  // state keeps it), its value's bytes found from what surrounds the value (valueBytes, as accounts count them).
  const record = JSON.stringify({ value: stored.value, group: stored.group, owner: stored.owner });
  const storedBytes = Buffer.byteLength(record);
  const size = Buffer.byteLength(keyText) + 1 + storedBytes;
  return Object.assign(op, {
    text: `${head}${record}]`,
    record,
    bytes: Buffer.byteLength(head) + storedBytes + 1,
    size,
    valueBytes: valueBytes(key, stored, size),
    before,
  });
}

/** A record as a shard file holds it, one to a line: `"key":{"value":…}`. Its UTF-8 bytes are the record's stored size. */
export function recordLine(key: string, record: string): string {
  return `${JSON.stringify(key)}:${record}`;
}

/** A record as JSON, `{"value":…,"group":…,"owner":…}`: what the committed state holds of it. */
export function recordText(stored: Stored): string {
  return JSON.stringify(stored);
}

/** The record `recordText` made. */
export function parseRecord(record: string): Stored {
  return JSON.parse(record) as Stored;
}

/**
 * The bytes of a record's value as compact JSON, from the record's stored bytes:
 * what its line holds but the value (the key, `value`'s name, the group and owner)
 * is small, and measured instead of the value.
 */
export function valueBytes(key: string, stored: Stored, recordBytes: number): number {
  const around =
    Buffer.byteLength(JSON.stringify(key)) + 1 + Buffer.byteLength(JSON.stringify({ ...stored, value: 0 })) - 1;
  return recordBytes - around;
}

export function recordSize(key: string, stored: Stored | null | undefined): number | undefined {
  return stored ? storedSize(key, recordText(stored)) : undefined;
}

/** A record's stored bytes from its text: the UTF-8 bytes of its shard line (recordLine). */
export function storedSize(key: string, record: string): number {
  return Buffer.byteLength(JSON.stringify(key)) + 1 + Buffer.byteLength(record);
}

/** A record's shape, as files hold it. */
export function isStored(stored: unknown): stored is Stored {
  const candidate = stored as Partial<Stored> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    'value' in candidate &&
    (candidate.group === undefined || typeof candidate.group === 'string') &&
    (candidate.owner === undefined || typeof candidate.owner === 'string')
  );
}

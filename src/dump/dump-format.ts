import { COLLECTIONS, type Collection, type StoredRecord } from '../store/store.js';

/**
 * A dump: every record of a store in one file, NDJSON. Line 1 is the header, then
 * one line per record in dump order (collections in COLLECTIONS order, keys in
 * code-unit order, each key once), then the trailer with the counts and the
 * SHA-256 of the record lines. Every line is exactly what JSON.stringify makes of
 * it (its canonical form), so the same records always make the same bytes, and
 * the same checksum, whichever store they came from.
 */
export const DUMP_FORMAT = 'collab-dump';
/** The file's layout: header, record lines, trailer. */
export const DUMP_FORMAT_VERSION = 1;
/**
 * What the records mean: the collections, how keys, groups and owners are made
 * (src/store/store.ts's keyOf, the handlers' placements), and the values' shapes
 * (openapi.yaml's schemas). A dump of a newer schema is refused; an older one
 * would be brought up to this one record by record before it is checked.
 * 2: the collection idempotencyKeys (a dump of schema 1 holds the first seven).
 */
export const RECORDS_SCHEMA_VERSION = 2;

/** The collections a dump of records schema `version` holds: its trailer counts these. */
export function collectionsOf(version: number): readonly Collection[] {
  return version >= 2 ? COLLECTIONS : COLLECTIONS.slice(0, 7);
}

export interface DumpHeader {
  format: typeof DUMP_FORMAT;
  formatVersion: number;
  schemaVersion: number;
  /** When the snapshot was taken, RFC 3339. */
  createdAt: string;
  /** The kind of store it came from: lowdb, postgres, memory. */
  source: string;
}

export type Counts = Record<Collection, number>;

export interface DumpTrailer {
  end: typeof DUMP_FORMAT;
  records: number;
  counts: Counts;
  /** SHA-256, hex, of the record lines (each with its newline): the same records, the same checksum. */
  sha256: string;
}

export function headerLine(createdAt: Date, source: string): string {
  return JSON.stringify({
    format: DUMP_FORMAT,
    formatVersion: DUMP_FORMAT_VERSION,
    schemaVersion: RECORDS_SCHEMA_VERSION,
    createdAt: createdAt.toISOString(),
    source,
  } satisfies DumpHeader);
}

export function trailerLine(records: number, counts: Counts, sha256: string): string {
  return JSON.stringify({ end: DUMP_FORMAT, records, counts, sha256 } satisfies DumpTrailer);
}

export function noCounts(): Counts {
  return Object.fromEntries(COLLECTIONS.map((collection) => [collection, 0])) as Counts;
}

/** Negative when record (a, ak) comes before (b, bk) in dump order, 0 when they are the same record. */
export function compareInDumpOrder(a: Collection, ak: string, b: Collection, bk: string): number {
  const byCollection = COLLECTIONS.indexOf(a) - COLLECTIONS.indexOf(b);
  if (byCollection !== 0) return byCollection;
  return ak < bk ? -1 : ak > bk ? 1 : 0;
}

/** Whether `record` may follow `previous` in a dump: strictly after it in dump order (no record twice). */
export function followsInDumpOrder(
  previous: Pick<StoredRecord, 'collection' | 'key'> | undefined,
  record: Pick<StoredRecord, 'collection' | 'key'>,
): boolean {
  return (
    previous === undefined || compareInDumpOrder(previous.collection, previous.key, record.collection, record.key) < 0
  );
}

import { isObject, whereJsonFails } from '../lib/json.js';
import { MAX_BODY_DEPTH } from '../lib/json-depth.js';
import { recordLine } from '../store/records.js';
import { COLLECTIONS, type Collection, type StoredRecord } from '../store/store.js';
import {
  DUMP_FORMAT,
  DUMP_FORMAT_VERSION,
  RECORDS_SCHEMA_VERSION,
  type DumpHeader,
  type DumpTrailer,
} from './dump-format.js';
import { DumpError, type Line } from './dump-lines.js';

// Each line of a dump read and checked on its own: the header, a record, the trailer.
// src/dump/dump-reader.ts reads them in turn.

const MEMBERS = new Set(['collection', 'key', 'group', 'owner', 'value']);

export function headerOf(path: string, line: Line): DumpHeader {
  const header = (() => {
    try {
      return JSON.parse(line.text) as unknown;
    } catch {
      return undefined;
    }
  })();
  if (!isObject(header) || header.format !== DUMP_FORMAT)
    throw new DumpError(path, line.number, `is not a ${DUMP_FORMAT} header: this file is not a dump`);
  const { formatVersion, schemaVersion, createdAt, source } = header;
  if (
    !Number.isInteger(formatVersion) ||
    !Number.isInteger(schemaVersion) ||
    typeof createdAt !== 'string' ||
    typeof source !== 'string'
  ) {
    throw new DumpError(path, line.number, 'is a damaged header (formatVersion, schemaVersion, createdAt, source)');
  }
  if ((formatVersion as number) > DUMP_FORMAT_VERSION) {
    throw new DumpError(
      path,
      line.number,
      `is dump format ${String(formatVersion)}, newer than this build reads (${DUMP_FORMAT_VERSION}): import it with the build that made it, or a newer one`,
    );
  }
  if ((schemaVersion as number) > RECORDS_SCHEMA_VERSION) {
    throw new DumpError(
      path,
      line.number,
      `holds records of schema ${String(schemaVersion)}, newer than this build knows (${RECORDS_SCHEMA_VERSION}): import it with the build that made it, or a newer one`,
    );
  }
  if ((formatVersion as number) < 1 || (schemaVersion as number) < 1)
    throw new DumpError(path, line.number, 'is a damaged header (versions start at 1)');
  return header as unknown as DumpHeader;
}

/**
 * A line nesting deeper than a record whose value nests MAX_BODY_DEPTH levels (the
 * record is one level more): no body, and so no stored value, nests deeper. The
 * record is named from its canonical start (collection and key), when it has one.
 */
export function tooDeep(path: string, line: Line): DumpError {
  const start = /^\{"collection":"(\w+)","key":("(?:[^"\\]|\\.){0,1024}")/.exec(line.text);
  const record = start ? `${start[1]} ${start[2]}: its value` : 'it';
  return new DumpError(
    path,
    line.number,
    `${record} nests deeper than ${MAX_BODY_DEPTH} levels, as no stored value may (bodies nest at most that much)`,
  );
}

export function isTrailerLine(text: string): boolean {
  return text.startsWith('{"end":');
}

export function trailerOf(path: string, line: Line, collections: readonly Collection[]): DumpTrailer {
  const trailer = parse(path, line);
  const valid =
    isObject(trailer) &&
    trailer.end === DUMP_FORMAT &&
    Number.isInteger(trailer.records) &&
    typeof trailer.sha256 === 'string' &&
    isObject(trailer.counts) &&
    collections.every((collection) => Number.isInteger((trailer.counts as Record<string, unknown>)[collection]));
  if (!valid) throw new DumpError(path, line.number, 'is a damaged trailer (end, records, counts, sha256)');
  return trailer as unknown as DumpTrailer;
}

/** The record on a line; `canonical` also checks that the line is recordLine's (verifyDump does, later passes need not). */
export function recordOf(path: string, line: Line, canonical = true): StoredRecord {
  const record = parse(path, line);
  if (!isObject(record) || !Object.keys(record).every((name) => MEMBERS.has(name))) {
    throw new DumpError(path, line.number, 'is not a record (collection, key, group, owner, value)');
  }
  const { collection, key, group, owner } = record;
  if (!COLLECTIONS.includes(collection as Collection))
    throw new DumpError(path, line.number, `names no collection this build knows (${JSON.stringify(collection)})`);
  if (typeof key !== 'string' || !('value' in record))
    throw new DumpError(path, line.number, 'is a record without its key or value');
  if ((group !== undefined && typeof group !== 'string') || (owner !== undefined && typeof owner !== 'string')) {
    throw new DumpError(path, line.number, 'is a record whose group or owner is not a string');
  }
  const stored = record as unknown as StoredRecord;
  if (canonical && recordLine(stored) !== line.text)
    throw new DumpError(
      path,
      line.number,
      'is not in canonical form (compact JSON, members in order: collection, key, group, owner, value)',
    );
  return stored;
}

function parse(path: string, line: Line): unknown {
  try {
    return JSON.parse(line.text);
  } catch {
    throw new DumpError(path, line.number, `is not JSON (${whereJsonFails(line.text)})`);
  }
}

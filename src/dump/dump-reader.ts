import { createHash } from 'node:crypto';
import { isObject, whereJsonFails } from '../lib/json.js';
import { MAX_BODY_DEPTH, nestsDeeperThan } from '../lib/json-depth.js';
import { recordLine } from '../store/records.js';
import { COLLECTIONS, type Collection, type StoredRecord } from '../store/store.js';
import {
  collectionsOf, followsInDumpOrder, DUMP_FORMAT, DUMP_FORMAT_VERSION, noCounts, RECORDS_SCHEMA_VERSION, type DumpHeader, type DumpTrailer,
} from './dump-format.js';
import { DumpError, linesOf, type Line } from './dump-lines.js';
import type { RecordCheck } from './record-check.js';

export { DumpError };

/** A record and its line as the dump holds it (canonical: recordLine of the record). */
export interface DumpEntry {
  record: StoredRecord;
  line: string;
}

interface Verified {
  header: DumpHeader;
  trailer: DumpTrailer;
}

const MEMBERS = new Set(['collection', 'key', 'group', 'owner', 'value']);

/**
 * Checks a whole dump before anything is written: its header (a dump, of a format
 * and schema this build reads), every record (its nesting, before it is parsed;
 * its shape, canonical form, dump order, and `check`: the contract), and the
 * trailer (counts and checksum).
 * Throws a DumpError naming the first problem and its line.
 */
export async function verifyDump(path: string, check: RecordCheck): Promise<Verified> {
  const hash = createHash('sha256');
  const counts = noCounts();
  let header: DumpHeader | undefined;
  let trailer: DumpTrailer | undefined;
  let previous: StoredRecord | undefined;
  let records = 0;
  for await (const line of linesOf(path)) {
    if (trailer) throw new DumpError(path, line.number, 'follows the trailer, which must be the last line');
    if (!line.ended) throw new DumpError(path, line.number, 'is cut short (no newline): the dump is incomplete');
    if (nestsDeeperThan(line.text, MAX_BODY_DEPTH + 1)) throw tooDeep(path, line); // before JSON.parse, which would take seconds
    if (!header) {
      header = headerOf(path, line);
    } else if (isTrailerLine(line.text)) {
      trailer = trailerOf(path, line, collectionsOf(header.schemaVersion));
      continue;
    } else {
      const record = recordOf(path, line);
      if (!collectionsOf(header.schemaVersion).includes(record.collection)) {
        throw new DumpError(path, line.number, `is a record of ${record.collection}, which no dump of records schema ${header.schemaVersion} holds`);
      }
      const problem = check(record);
      if (problem !== undefined) throw new DumpError(path, line.number, `${record.collection} ${JSON.stringify(record.key)}: ${problem}`);
      if (!followsInDumpOrder(previous, record)) {
        throw new DumpError(path, line.number, `${record.collection} ${JSON.stringify(record.key)} is out of dump order, or repeated`);
      }
      previous = record;
      counts[record.collection]++;
      records++;
      hash.update(line.bytes);
      hash.update('\n');
    }
  }
  if (!header) throw new DumpError(path, undefined, 'is empty: this is not a dump');
  if (!trailer) throw new DumpError(path, undefined, 'ends before its trailer: the dump is incomplete (cut short?)');
  if (trailer.records !== records) throw new DumpError(path, undefined, `holds ${records} records, but its trailer says ${trailer.records}`);
  for (const collection of COLLECTIONS) {
    // A dump of an earlier schema counts only its collections; it holds none of the others (checked above).
    if ((trailer.counts[collection] ?? 0) !== counts[collection]) {
      throw new DumpError(path, undefined, `holds ${counts[collection]} ${collection} records, but its trailer says ${trailer.counts[collection]}`);
    }
  }
  if (hash.digest('hex') !== trailer.sha256) throw new DumpError(path, undefined, 'does not match its checksum (SHA-256): the file was changed or damaged');
  return { header, trailer };
}

/** The records of a dump that verifyDump accepted, in dump order. */
export async function* dumpEntries(path: string): AsyncGenerator<DumpEntry> {
  let first = true;
  for await (const line of linesOf(path)) {
    if (first) {
      first = false;
      continue;
    }
    if (isTrailerLine(line.text)) return;
    yield { record: recordOf(path, line, false), line: line.text };
  }
}

function headerOf(path: string, line: Line): DumpHeader {
  const header = (() => {
    try {
      return JSON.parse(line.text) as unknown;
    } catch {
      return undefined;
    }
  })();
  if (!isObject(header) || header.format !== DUMP_FORMAT) throw new DumpError(path, line.number, `is not a ${DUMP_FORMAT} header: this file is not a dump`);
  const { formatVersion, schemaVersion, createdAt, source } = header;
  if (!Number.isInteger(formatVersion) || !Number.isInteger(schemaVersion) || typeof createdAt !== 'string' || typeof source !== 'string') {
    throw new DumpError(path, line.number, 'is a damaged header (formatVersion, schemaVersion, createdAt, source)');
  }
  if ((formatVersion as number) > DUMP_FORMAT_VERSION) {
    throw new DumpError(path, line.number, `is dump format ${String(formatVersion)}, newer than this build reads (${DUMP_FORMAT_VERSION}): import it with the build that made it, or a newer one`);
  }
  if ((schemaVersion as number) > RECORDS_SCHEMA_VERSION) {
    throw new DumpError(path, line.number, `holds records of schema ${String(schemaVersion)}, newer than this build knows (${RECORDS_SCHEMA_VERSION}): import it with the build that made it, or a newer one`);
  }
  if ((formatVersion as number) < 1 || (schemaVersion as number) < 1) throw new DumpError(path, line.number, 'is a damaged header (versions start at 1)');
  return header as unknown as DumpHeader;
}

/**
 * A line nesting deeper than a record whose value nests MAX_BODY_DEPTH levels (the
 * record is one level more): no body, and so no stored value, nests deeper. The
 * record is named from its canonical start (collection and key), when it has one.
 */
function tooDeep(path: string, line: Line): DumpError {
  const start = /^\{"collection":"(\w+)","key":("(?:[^"\\]|\\.){0,1024}")/.exec(line.text);
  const record = start ? `${start[1]} ${start[2]}: its value` : 'it';
  return new DumpError(path, line.number, `${record} nests deeper than ${MAX_BODY_DEPTH} levels, as no stored value may (bodies nest at most that much)`);
}

function isTrailerLine(text: string): boolean {
  return text.startsWith('{"end":');
}

function trailerOf(path: string, line: Line, collections: readonly Collection[]): DumpTrailer {
  const trailer = parse(path, line);
  const valid = isObject(trailer) && trailer.end === DUMP_FORMAT && Number.isInteger(trailer.records) && typeof trailer.sha256 === 'string' &&
    isObject(trailer.counts) && collections.every((collection) => Number.isInteger((trailer.counts as Record<string, unknown>)[collection]));
  if (!valid) throw new DumpError(path, line.number, 'is a damaged trailer (end, records, counts, sha256)');
  return trailer as unknown as DumpTrailer;
}

/** The record on a line; `canonical` also checks that the line is recordLine's (verifyDump does, later passes need not). */
function recordOf(path: string, line: Line, canonical = true): StoredRecord {
  const record = parse(path, line);
  if (!isObject(record) || !Object.keys(record).every((name) => MEMBERS.has(name))) {
    throw new DumpError(path, line.number, 'is not a record (collection, key, group, owner, value)');
  }
  const { collection, key, group, owner } = record;
  if (!COLLECTIONS.includes(collection as Collection)) throw new DumpError(path, line.number, `names no collection this build knows (${JSON.stringify(collection)})`);
  if (typeof key !== 'string' || !('value' in record)) throw new DumpError(path, line.number, 'is a record without its key or value');
  if ((group !== undefined && typeof group !== 'string') || (owner !== undefined && typeof owner !== 'string')) {
    throw new DumpError(path, line.number, 'is a record whose group or owner is not a string');
  }
  const stored = record as unknown as StoredRecord;
  if (canonical && recordLine(stored) !== line.text) throw new DumpError(path, line.number, 'is not in canonical form (compact JSON, members in order: collection, key, group, owner, value)');
  return stored;
}

function parse(path: string, line: Line): unknown {
  try {
    return JSON.parse(line.text);
  } catch {
    throw new DumpError(path, line.number, `is not JSON (${whereJsonFails(line.text)})`);
  }
}

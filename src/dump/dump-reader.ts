import { createHash } from 'node:crypto';
import { MAX_BODY_DEPTH, nestsDeeperThan } from '../lib/json-depth.js';
import { COLLECTIONS, type StoredRecord } from '../store/store.js';
import { collectionsOf, followsInDumpOrder, noCounts, type DumpHeader, type DumpTrailer } from './dump-format.js';
import { headerOf, isTrailerLine, recordOf, tooDeep, trailerOf } from './dump-line-parsers.js';
import { DumpError, linesOf } from './dump-lines.js';
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
        throw new DumpError(
          path,
          line.number,
          `is a record of ${record.collection}, which no dump of records schema ${header.schemaVersion} holds`,
        );
      }
      const problem = check(record);
      if (problem !== undefined)
        throw new DumpError(path, line.number, `${record.collection} ${JSON.stringify(record.key)}: ${problem}`);
      if (!followsInDumpOrder(previous, record)) {
        throw new DumpError(
          path,
          line.number,
          `${record.collection} ${JSON.stringify(record.key)} is out of dump order, or repeated`,
        );
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
  if (trailer.records !== records)
    throw new DumpError(path, undefined, `holds ${records} records, but its trailer says ${trailer.records}`);
  for (const collection of COLLECTIONS) {
    // A dump of an earlier schema counts only its collections; it holds none of the others (checked above).
    if ((trailer.counts[collection] ?? 0) !== counts[collection]) {
      throw new DumpError(
        path,
        undefined,
        `holds ${counts[collection]} ${collection} records, but its trailer says ${trailer.counts[collection]}`,
      );
    }
  }
  if (hash.digest('hex') !== trailer.sha256)
    throw new DumpError(path, undefined, 'does not match its checksum (SHA-256): the file was changed or damaged');
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

import { CLOSE_BRACE, COMMA, OPEN_BRACE } from '../../../lib/json-codes.js';
import { jsonFailureAt } from '../../../lib/json.js';
import { DataFileError } from './durable-json-file.js';
import type { Stored } from './record-text.js';
import { isStored, recordText } from './record-text.js';
import { recordLineText, splitRecordLine, type SplitLine } from './record-line-split.js';
import type { Table } from './shard-table.js';

/** Record lines parsed together: one JSON.parse for many records cost 0.7 s less than one each, for a million. */
const BATCH_BYTES = 64 * 1024;

/**
 * Reads a shard file of one record to a line (see ShardFile) as its lines come,
 * holding it to JSON: `{`, records separated by commas at their ends, `}`. A file
 * whose first line is not `{` is of the earlier compact form: `compact` keeps it.
 */
export class ShardLines {
  started = false;
  compact: string | undefined;
  private line = 0;
  /** Record lines waiting for their batch (BATCH_BYTES). */
  private pending: SplitLine[] = [];
  private pendingBytes = 0;
  private next: 'record or end' | 'record' | 'end' | 'nothing' = 'record or end';

  constructor(
    private readonly path: string,
    private readonly table: Table,
    private readonly onRecord: (key: string, stored: Stored, record: string) => void,
  ) {}

  take(bytes: Buffer): void {
    this.line++;
    const only = bytes.length === 1 ? bytes[0] : undefined;
    if (this.line === 1) {
      this.started = only === OPEN_BRACE;
      if (!this.started) this.compact = bytes.toString('utf8');
      return;
    }
    if (!this.started) throw this.invalid('a compact shard is one line');
    if (this.next === 'nothing') throw this.invalid('text after the closing brace');
    if (only === CLOSE_BRACE) {
      if (this.next === 'record') throw this.invalid('a comma before the closing brace');
      this.flush();
      this.next = 'nothing';
      return;
    }
    if (this.next === 'end') throw this.invalid('no comma after the record before');
    const comma = bytes[bytes.length - 1] === COMMA;
    const line = comma ? bytes.subarray(0, -1) : bytes;
    this.pending.push(splitRecordLine(line, this.line) ?? { text: line.toString('utf8'), line: this.line });
    this.pendingBytes += bytes.length;
    if (this.pendingBytes >= BATCH_BYTES) this.flush();
    this.next = comma ? 'record' : 'end';
  }

  /** The table, once the whole file was read; `rest` is what followed its last newline. */
  finish(rest: string): Table {
    if (this.next !== 'nothing') throw this.invalid('it ends before its closing brace');
    if (rest !== '') throw this.invalid('text after the closing brace');
    return this.table;
  }

  /** Parses the waiting record lines as one object; when that fails or a line is not one record, one at a time, to say which. */
  private flush(): void {
    const pending = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    let members: Record<string, unknown> | undefined;
    try {
      members = JSON.parse(`{${pending.map(recordLineText).join(',')}}`) as Record<string, unknown>;
    } catch {
      members = undefined;
    }
    const names = members && Object.keys(members);
    if (!members || names?.length !== pending.length) {
      pending.forEach((record) => this.takeOne(record));
      return;
    }
    pending.forEach((record, at) => {
      if (!('key' in record)) throw this.notOneRecord(record.line);
      const stored = Object.hasOwn(members, record.key) ? members[record.key] : undefined;
      if (!isStored(stored)) throw this.notOneRecord(record.line);
      // The member's name as JSON.parse made it is the key as V8 keeps it in a map (one copy for the whole
      // process): the table and the group index then hold that one string. Given the key decoded apart, the
      // index held a forwarding string to it, 24 bytes a record. Names like array indexes come first, out of
      // the lines' order: those records keep the key as decoded.
      this.keep(names[at] === record.key ? names[at] : record.key, record.record, stored);
    });
  }

  private takeOne(pending: SplitLine): void {
    const text = recordLineText(pending);
    let member: object;
    try {
      member = JSON.parse(`{${text}}`) as object;
    } catch {
      const at = jsonFailureAt(`{${text}}`); // the brace before the line makes the index a character number of the line
      throw this.invalid(at > text.length ? 'at its end' : `at character ${Math.max(at, 1)}`, pending.line);
    }
    const entries = Object.entries(member);
    const [key, stored] = entries[0] ?? [];
    if (entries.length !== 1 || key === undefined || !isStored(stored)) throw this.notOneRecord(pending.line);
    this.keep(key, 'key' in pending && pending.key === key ? pending.record : recordText(stored), stored);
  }

  /** Keeps the record as its text (the line after the key and colon); the parsed `stored` is only told, then dropped. */
  private keep(key: string, record: string, stored: Stored): void {
    this.table.set(key, record);
    this.onRecord(key, stored, record);
  }

  private invalid(problem: string, line = this.line): DataFileError {
    return new DataFileError(this.path, `is not valid JSON, perhaps truncated (line ${line}: ${problem})`);
  }

  private notOneRecord(line: number): DataFileError {
    return new DataFileError(
      this.path,
      `is JSON but not a JSON object of stored records (line ${line} is not one stored record)`,
    );
  }
}

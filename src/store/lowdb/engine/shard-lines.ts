import { BACKSLASH, CLOSE_BRACE, COLON, COMMA, OPEN_BRACE, QUOTE } from '../../../lib/json-codes.js';
import { jsonFailureAt } from '../../../lib/json.js';
import { DataFileError } from './durable-json-file.js';
import type { Stored } from './record-text.js';
import { isStored, recordText } from './record-text.js';
import type { Table } from './shard-file.js';

/** A record line waiting for its batch: its key as the line writes it (JSON), the key, and the record's text; or the whole line, when it does not start with a key. */
type Pending = { keyText: string; key: string; record: string; line: number } | { text: string; line: number };

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
  private pending: Pending[] = [];
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
    this.pending.push(split(line, this.line) ?? { text: line.toString('utf8'), line: this.line });
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
      members = JSON.parse(`{${pending.map(lineText).join(',')}}`) as Record<string, unknown>;
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

  private takeOne(pending: Pending): void {
    const text = lineText(pending);
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

/** A shard of the earlier compact form, parsed: an object of stored records. */
export function isTable(data: unknown): data is Record<string, Stored> {
  return typeof data === 'object' && data !== null && !Array.isArray(data) && Object.values(data).every(isStored);
}

/** A record line as text: the key as written, its colon, the record. */
function lineText(pending: Pending): string {
  return 'text' in pending ? pending.text : `${pending.keyText}:${pending.record}`;
}

/**
 * A record line's key, as written and parsed, and its record's text: each decoded
 * on its own, so the record's string holds the record alone. Undefined when the
 * line does not start with a JSON string and a colon. No byte of a multi-byte
 * UTF-8 sequence is a quote or a backslash, so the bytes can be searched.
 */
function split(line: Buffer, number: number): Pending | undefined {
  if (line[0] !== QUOTE) return undefined;
  let escaped = false;
  for (let index = 1; index < line.length; index++) {
    const byte = line[index];
    if (byte === BACKSLASH) {
      escaped = true;
      index++; // the next character is escaped
    } else if (byte === QUOTE) {
      if (line[index + 1] !== COLON) return undefined;
      const keyText = line.toString('utf8', 0, index + 1);
      let key: string;
      try {
        key = escaped ? (JSON.parse(keyText) as string) : line.toString('utf8', 1, index);
      } catch {
        return undefined; // not a JSON string: takeOne says where
      }
      return { keyText, key, record: line.toString('utf8', index + 2), line: number };
    }
  }
  return undefined;
}

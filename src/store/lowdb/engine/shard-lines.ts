import { jsonFailureAt } from '../../../lib/json.js';
import { DataFileError } from './durable-json-file.js';
import type { Stored } from './journal.js';
import { isStored, recordText } from './record-text.js';
import type { Table } from './shard-file.js';

interface Pending {
  text: string;
  line: number;
}

/** Record lines parsed together: one JSON.parse for many records cost 0.7 s less than one each, for a million. */
const BATCH_CHARS = 64 * 1024;

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
  private pendingChars = 0;
  private next: 'record or end' | 'record' | 'end' | 'nothing' = 'record or end';

  constructor(
    private readonly path: string,
    private readonly table: Table,
    private readonly onRecord: (key: string, stored: Stored, record: string) => void,
  ) {}

  take(text: string): void {
    this.line++;
    if (this.line === 1) {
      this.started = text === '{';
      if (!this.started) this.compact = text;
      return;
    }
    if (!this.started) throw this.invalid('a compact shard is one line');
    if (this.next === 'nothing') throw this.invalid('text after the closing brace');
    if (text === '}') {
      if (this.next === 'record') throw this.invalid('a comma before the closing brace');
      this.flush();
      this.next = 'nothing';
      return;
    }
    if (this.next === 'end') throw this.invalid('no comma after the record before');
    const comma = text.endsWith(',');
    this.pending.push({ text: comma ? text.slice(0, -1) : text, line: this.line });
    this.pendingChars += text.length;
    if (this.pendingChars >= BATCH_CHARS) this.flush();
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
    this.pendingChars = 0;
    let members: Record<string, unknown> | undefined;
    try {
      members = JSON.parse(`{${pending.map((record) => record.text).join(',')}}`) as Record<string, unknown>;
    } catch {
      members = undefined;
    }
    if (!members || Object.keys(members).length !== pending.length) {
      pending.forEach((record) => this.takeOne(record));
      return;
    }
    for (const record of pending) {
      const head = keyOf(record.text);
      const stored = head !== undefined && Object.hasOwn(members, head.key) ? members[head.key] : undefined;
      if (head === undefined || !isStored(stored)) throw this.notOneRecord(record.line);
      this.keep(head.key, record.text.slice(head.end + 1), stored);
    }
  }

  private takeOne({ text, line }: Pending): void {
    let member: object;
    try {
      member = JSON.parse(`{${text}}`) as object;
    } catch {
      const at = jsonFailureAt(`{${text}}`); // the brace before the line makes the index a character number of the line
      throw this.invalid(at > text.length ? 'at its end' : `at character ${Math.max(at, 1)}`, line);
    }
    const entries = Object.entries(member);
    const [key, stored] = entries[0] ?? [];
    if (entries.length !== 1 || key === undefined || !isStored(stored)) throw this.notOneRecord(line);
    const head = keyOf(text);
    this.keep(key, head?.key === key ? text.slice(head.end + 1) : recordText(stored), stored);
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

/**
 * The key a record line starts with, parsed on its own (a slice of the line would
 * keep the whole line alive for as long as the key), and the index of the colon
 * after it. Undefined when the line does not start with a JSON string and a colon.
 */
function keyOf(text: string): { key: string; end: number } | undefined {
  if (text.charCodeAt(0) !== 0x22) return undefined;
  for (let index = 1; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x5c)
      index++; // a backslash: the next character is escaped
    else if (code === 0x22)
      return text.charCodeAt(index + 1) === 0x3a
        ? { key: JSON.parse(text.slice(0, index + 1)) as string, end: index + 1 }
        : undefined;
  }
  return undefined;
}

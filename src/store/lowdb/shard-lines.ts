import { DataFileError } from './durable-json-file.js';
import type { Stored } from './journal.js';
import { isStored } from './record-text.js';
import type { Table } from './shard-file.js';

/**
 * Reads a shard file of one record to a line (see ShardFile) as its lines come,
 * holding it to JSON: `{`, records separated by commas at their ends, `}`. A file
 * whose first line is not `{` is of the earlier compact form: `compact` keeps it.
 */
export class ShardLines {
  started = false;
  compact: string | undefined;
  private line = 0;
  private next: 'record or end' | 'record' | 'end' | 'nothing' = 'record or end';

  constructor(
    private readonly path: string,
    private readonly table: Table,
    private readonly onRecord: (key: string, stored: Stored, bytes: number) => void,
  ) {}

  take(text: string, bytes: number): void {
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
      this.next = 'nothing';
      return;
    }
    if (this.next === 'end') throw this.invalid('no comma after the record before');
    const comma = text.endsWith(',');
    let member: object;
    try {
      member = JSON.parse(`{${comma ? text.slice(0, -1) : text}}`) as object;
    } catch (error) {
      throw this.invalid((error as Error).message);
    }
    const entries = Object.entries(member);
    const [key, stored] = entries[0] ?? [];
    if (entries.length !== 1 || key === undefined || !isStored(stored)) {
      throw new DataFileError(this.path, `is JSON but not a JSON object of stored records (line ${this.line} is not one stored record)`);
    }
    this.table[key] = stored;
    this.onRecord(key, stored, bytes - (comma ? 1 : 0));
    this.next = comma ? 'record' : 'end';
  }

  /** The table, once the whole file was read; `rest` is what followed its last newline. */
  finish(rest: string): Table {
    if (this.next !== 'nothing') throw this.invalid('it ends before its closing brace');
    if (rest !== '') throw this.invalid('text after the closing brace');
    return this.table;
  }

  private invalid(problem: string): DataFileError {
    return new DataFileError(this.path, `is not valid JSON, perhaps truncated (line ${this.line}: ${problem})`);
  }
}

export function isTable(data: unknown): data is Table {
  return typeof data === 'object' && data !== null && !Array.isArray(data) && Object.values(data).every(isStored);
}

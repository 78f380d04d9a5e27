import type { Adapter } from 'lowdb';
import type { Stored } from './record-text.js';
import { DataFileError, writeDurably } from './durable-json-file.js';
import { readLineBytes } from './line-reader.js';
import { recordLine, recordText } from './record-text.js';
import { parseCompact } from './shard-compact.js';
import { ShardLines } from './shard-lines.js';
import { emptyTable, type Table } from './shard-table.js';

/** UTF-16 code units (at most three bytes each) gathered before one write. */
export const SHARD_CHUNK_CHARS = 1024 * 1024;

/**
 * A lowdb shard file, JSON with one record to a line, written and read a line at
 * a time, so no string holds more than one record or one write chunk however
 * large the shard grows:
 *
 *     {
 *     "key":{"value":…},
 *     "other key":{"value":…,"group":"…"}
 *     }
 *
 * JSON.stringify escapes every control character, so a record's text never holds
 * a newline (U+2028 and U+2029 stay as they are, but they are not the newline
 * byte). Files of the earlier compact form, one line, are read whole as before.
 * A record is kept as the text of its line after the key, never as the parsed tree.
 */
export class ShardFile implements Adapter<Table> {
  constructor(
    readonly path: string,
    private readonly chunkChars = SHARD_CHUNK_CHARS,
  ) {}

  /**
   * The records, put in `table` (a new one by default), or null when there is no file; `onRecord` hears each
   * record, parsed and as the text kept, once the table holds it.
   */
  async read(
    onRecord: (key: string, stored: Stored, record: string) => void = () => {},
    table = emptyTable(),
  ): Promise<Table | null> {
    const lines = new ShardLines(this.path, table, onRecord);
    let rest: string;
    try {
      rest = await readLineBytes(this.path, (line) => lines.take(line));
    } catch (error) {
      if (error instanceof DataFileError) throw error;
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw new DataFileError(this.path, `cannot be read (${(error as Error).message})`);
    }
    if (lines.started) return lines.finish(rest);
    if (lines.compact !== undefined && rest !== '')
      throw new DataFileError(this.path, 'is not valid JSON, perhaps truncated (a compact shard is one line)');
    const compact = parseCompact(this.path, lines.compact ?? rest);
    for (const [key, stored] of Object.entries(compact)) {
      const record = recordText(stored);
      table.set(key, record);
      onRecord(key, stored, record);
    }
    return table;
  }

  /**
   * Writes the records the table holds now. Only the keys are taken at once:
   * a value read later is a newer change, already durable in a journal file
   * this checkpoint does not remove, so the file and the journal still replay
   * to the same state.
   */
  async write(table: Table): Promise<void> {
    const keys = [...table.keys()];
    await writeDurably(this.path, async (file) => {
      let chunk = '{';
      let separator = '\n';
      for (const key of keys) {
        const record = table.get(key);
        if (record === undefined) continue; // deleted since: the journal deletes it again
        chunk += `${separator}${recordLine(key, record)}`;
        separator = ',\n';
        if (chunk.length >= this.chunkChars) {
          await file.writeFile(chunk);
          chunk = '';
        }
      }
      await file.writeFile(`${chunk}\n}\n`);
    });
  }
}

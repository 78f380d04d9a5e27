import { createHash, type Hash } from 'node:crypto';
import { open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { syncDirectory } from '../store/files/folders.js';
import { dirname } from 'node:path';
import { FILE_MODE } from '../store/files/modes.js';
import type { Collection, StoredRecord } from '../store/store.js';
import { recordLine } from '../store/records.js';
import { followsInDumpOrder, headerLine, noCounts, trailerLine, type Counts } from './dump-format.js';

/** UTF-16 code units gathered before one write. */
const CHUNK_CHARS = 1024 * 1024;

export interface DumpSummary {
  records: number;
  counts: Counts;
  sha256: string;
}

let sequence = 0;

/**
 * Writes a dump: the header, record lines as they come, and the trailer with the
 * counts and the checksum. The file is written under a temporary name, synced and
 * renamed into place only once complete, so a failed export leaves no dump behind.
 */
export class DumpWriter {
  private readonly hash: Hash = createHash('sha256');
  private readonly counts = noCounts();
  private records = 0;
  private chunk = '';

  private constructor(
    private readonly path: string,
    private readonly temporary: string,
    private readonly file: FileHandle,
  ) {}

  static async create(path: string, createdAt: Date, source: string): Promise<DumpWriter> {
    const temporary = `${path}.${process.pid}.${++sequence}.partial`;
    const writer = new DumpWriter(path, temporary, await open(temporary, 'wx', FILE_MODE));
    await writer.file.writeFile(`${headerLine(createdAt, source)}\n`).catch(async (error: unknown) => {
      await writer.abandon();
      throw error;
    });
    return writer;
  }

  /** One record's line (recordLine), in dump order. */
  async add(collection: Collection, line: string): Promise<void> {
    this.counts[collection]++;
    this.records++;
    this.chunk += `${line}\n`;
    if (this.chunk.length >= CHUNK_CHARS) await this.flush();
  }

  async finish(): Promise<DumpSummary> {
    await this.flush();
    const sha256 = this.hash.digest('hex');
    await this.file.writeFile(`${trailerLine(this.records, this.counts, sha256)}\n`);
    await this.file.datasync();
    await this.file.close();
    await rename(this.temporary, this.path);
    await syncDirectory(dirname(this.path));
    return { records: this.records, counts: this.counts, sha256 };
  }

  /** Gives up: the temporary file goes. */
  async abandon(): Promise<void> {
    await this.file.close().catch(() => {});
    await unlink(this.temporary).catch(() => {});
  }

  private async flush(): Promise<void> {
    const chunk = this.chunk;
    this.chunk = '';
    this.hash.update(chunk, 'utf8');
    await this.file.writeFile(chunk);
  }
}

/** Writes `records` (a store's snapshot) as the dump at `path`. */
export async function writeDump(
  path: string,
  records: AsyncIterable<StoredRecord>,
  source: string,
  createdAt = new Date(),
): Promise<DumpSummary> {
  const writer = await DumpWriter.create(path, createdAt, source);
  try {
    for await (const record of inDumpOrder(records)) await writer.add(record.collection, recordLine(record));
    return await writer.finish();
  } catch (error) {
    await writer.abandon();
    throw error;
  }
}

/** Passes records through, throwing on one out of dump order: a dump so made would be refused at import. */
export async function* inDumpOrder(records: AsyncIterable<StoredRecord>): AsyncGenerator<StoredRecord> {
  let previous: StoredRecord | undefined;
  for await (const record of records) {
    if (!followsInDumpOrder(previous, record)) {
      throw new Error(`the store gave ${record.collection} ${JSON.stringify(record.key)} out of dump order`);
    }
    previous = record;
    yield record;
  }
}

import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { tryLock, unlock } from 'fs-native-extensions';
import { storedRecord } from '../../records.js';
import { COLLECTIONS, type Collection, type StoredRecord } from '../../store.js';
import { dataFormatOf } from '../engine/data-format.js';
import { mustHoldStore } from '../engine/folder.js';
import { parseRecord, recordText } from '../engine/record-text.js';
import { readJournal } from '../engine/journal-read.js';
import { symlinkRefused } from '../engine/private-files.js';
import { ShardFile } from '../engine/shard-file.js';
import { askOwner, linesFrom, OwnerError } from './owner-client.js';

/** A store's records, read without writing a byte: how they were read, for the operator, and the records. */
export interface ReadOnlyRecords {
  how: string;
  records: AsyncIterable<StoredRecord>;
}

/**
 * Every record of the lowdb store at `dataFile`, and nothing written: not the lock
 * file, not a checkpoint, not a temporary file removed. While a service owns the
 * files, its snapshot over the owner socket, as make export takes it (only the owner
 * knows what is durable). Else the shards and the journal replayed over them in
 * memory, under a shared lock on `<dataFile>.lock`, so no service starts and
 * checkpoints meanwhile (one that tries refuses to start, as it does during make backup).
 */
export async function readLowdbRecords(dataFile: string): Promise<ReadOnlyRecords> {
  await mustHoldStore(dataFile);
  const lock = await open(`${dataFile}.lock`, constants.O_RDONLY | constants.O_NOFOLLOW).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined; // no service ever opened it, so none holds it
      throw error.code === 'ELOOP' ? symlinkRefused(`${dataFile}.lock`) : error;
    },
  );
  if (lock && !tryLock(lock.fd, { shared: true })) {
    const text = (await lock.readFile('utf8').catch(() => '')).trim();
    await lock.close();
    return {
      how: `from the snapshot of the live service that owns it (${/^pid \d+$/.test(text) ? text : 'pid unknown'})`,
      records: ownerRecords(dataFile),
    };
  }
  return { how: 'from its files, with no service running', records: lockedFileRecords(dataFile, lock) };
}

async function* lockedFileRecords(dataFile: string, lock: FileHandle | undefined): AsyncGenerator<StoredRecord> {
  try {
    yield* fileRecords(dataFile);
  } finally {
    if (lock) {
      unlock(lock.fd);
      await lock.close();
    }
  }
}

/** The records the files hold: each shard read, then the journal replayed over them, as start-up does, in memory only. */
async function* fileRecords(dataFile: string): AsyncGenerator<StoredRecord> {
  const format = await dataFormatOf(dataFile);
  if (format === undefined) return;
  const folder = `${dataFile}.d`;
  const tables = new Map<Collection, Map<string, string>>(COLLECTIONS.map((collection) => [collection, new Map()]));
  for (const [collection, table] of tables) {
    for (let shard = 0; shard < format.shards; shard++) {
      const data = await new ShardFile(join(folder, collection, `${shard}.json`)).read();
      for (const [key, record] of data ?? []) table.set(key, record);
    }
  }
  await readJournal(join(folder, 'journal'), ([collection, key, stored]) => {
    if (stored === null) tables.get(collection)?.delete(key);
    else tables.get(collection)?.set(key, recordText(stored));
  });
  for (const [collection, table] of tables) {
    for (const [key, record] of table) yield storedRecord(collection, key, parseRecord(record));
  }
}

/** The live owner's snapshot of every record (its socket's export command), as records. */
async function* ownerRecords(dataFile: string): AsyncGenerator<StoredRecord> {
  const socket = await askOwner(dataFile, 'export');
  try {
    let started = false;
    let count = 0;
    let end: number | undefined;
    for await (const line of linesFrom(socket)) {
      const parsed = JSON.parse(line) as Partial<StoredRecord> & { snapshot?: string; end?: number; error?: string };
      if (!started) {
        if (parsed.snapshot === undefined)
          throw new OwnerError(`the owner of ${dataFile} refused the read: ${parsed.error ?? line}`);
        started = true;
      } else if (
        parsed.collection !== undefined &&
        COLLECTIONS.includes(parsed.collection) &&
        typeof parsed.key === 'string'
      ) {
        count++;
        yield storedRecord(parsed.collection, parsed.key, {
          value: parsed.value,
          group: parsed.group,
          owner: parsed.owner,
        });
      } else if (parsed.end !== undefined) {
        end = parsed.end;
      } else {
        throw new OwnerError(`the owner of ${dataFile} failed during the read: ${parsed.error ?? line.slice(0, 200)}`);
      }
    }
    if (end === undefined)
      throw new OwnerError(`the owner of ${dataFile} stopped during the read (did the service stop?)`);
    if (end !== count) throw new OwnerError(`the owner of ${dataFile} sent ${count} records but said ${end}`);
  } finally {
    socket.destroy();
  }
}

import { join } from 'node:path';
import type { Low } from 'lowdb';
import type { Logger } from 'pino';
import type { StoreQuotas } from '../store.js';
import { Usage } from '../usage.js';
import { Accounts } from './engine/accounts.js';
import { Committed } from './engine/committed.js';
import { DataFileError } from './engine/durable-json-file.js';
import { checkDataFile, makeFolder } from './engine/folder.js';
import { Journal } from './engine/journal.js';
import { removeLeftTemporaries } from './engine/journal-files.js';
import { dataFormatOf } from './engine/data-format.js';
import { acquireLock } from './operations/lock.js';
import { openManifest, SHARDS, type Manifest } from './engine/manifest.js';
import { securePrivateFiles } from './engine/private-files.js';
import { parseRecord, recordText, storedSize } from './engine/record-text.js';
import { loadShards, removeTemporaryFiles, shardsIn } from './engine/shards.js';
import { Sizes } from './engine/sizes.js';
import { upgradeDataFiles } from './operations/upgrade.js';

/** A lowdb store's files, opened and read: the records as the shards and the journal after them leave them. */
export interface OpenFiles {
  manifest: Low<Manifest>;
  /** Whether the manifest is on disk yet (a new store writes it with its first change). */
  manifestWritten: boolean;
  committed: Committed;
  journal: Journal;
  accounts: Accounts;
  /** Releases the lock on the data file. */
  release: () => Promise<void>;
}

export interface OpenSettings {
  quotas?: StoreQuotas;
  logger?: Logger;
  journalLineBytes?: number;
  shardChunkChars?: number;
}

/**
 * Locks `dataFile` for this process, refuses symbolic links among its files and
 * makes them its owner's only, loads the shards and replays the journal over them,
 * counting every record's size and footprint on the way; then, every file read whole
 * (else it rejects having changed nothing), upgrades files of an earlier format and
 * removes temporary files a crash left.
 */
export async function openFiles(dataFile: string, settings: OpenSettings): Promise<OpenFiles> {
  const folder = `${dataFile}.d`;
  await checkDataFile(dataFile);
  await makeFolder(folder);
  const release = await acquireLock(dataFile);
  try {
    const tightened = await securePrivateFiles(dataFile);
    if (tightened > 0)
      settings.logger?.info(
        `Made ${tightened} files and folders of ${dataFile} private to their owner (0600 files, 0700 folders), as this build keeps them`,
      );
    const format = await dataFormatOf(dataFile); // refuses a format this build does not read, before anything changes
    const shards = shardsIn(folder, format?.shards ?? SHARDS, settings.shardChunkChars);
    const usage = new Usage(settings.quotas, (collection, group) => committed.count(collection, group));
    const committed = new Committed(shards, (collection, before, after) => usage.moved(collection, before, after));
    const accounts = new Accounts(new Sizes(), usage);
    await loadShards(folder, shards, format !== undefined, (collection, key, stored, record) => {
      accounts.change(collection, undefined, accounts.of(collection, key, stored, storedSize(key, record)));
      committed.file(collection, key, stored.group); // each key once: shards never share a key
    });
    const { journal, ops, unfinished } = await Journal.open(
      join(folder, 'journal'),
      ([collection, key, stored]) => {
        const text = committed.text(collection, key);
        const before = text === undefined ? undefined : { stored: parseRecord(text), size: storedSize(key, text) };
        const record = stored === null ? null : recordText(stored);
        accounts.change(
          collection,
          before && accounts.of(collection, key, before.stored, before.size),
          record === null || stored === null
            ? undefined
            : accounts.of(collection, key, stored, storedSize(key, record)),
        );
        committed.apply(collection, key, record, stored?.group, before?.stored.group);
      },
      settings.journalLineBytes,
    );
    if (ops > 0 && !format) throw new DataFileError(folder, 'holds a journal but the manifest beside it is missing');
    // Every file is read whole: only now may any change.
    await upgradeDataFiles(dataFile, settings.logger);
    const manifest = openManifest(dataFile);
    const existing = await manifest.adapter.read();
    await removeTemporaryFiles(folder);
    await removeLeftTemporaries(join(folder, 'journal'));
    await journal.cutTail();
    if (unfinished)
      settings.logger?.info(
        { journalFile: unfinished.path, at: unfinished.at, bytes: unfinished.bytes, notZeros: unfinished.notZeros },
        `Dropped the ${unfinished.bytes} bytes after the last entry of ${unfinished.path} (from byte ${unfinished.at} to its end, ${unfinished.notZeros} of them not zeros): an append a crash cut short, never synced, so never acknowledged`,
      );
    return { manifest, manifestWritten: existing !== null, committed, journal, accounts, release };
  } catch (error) {
    await release();
    throw error;
  }
}

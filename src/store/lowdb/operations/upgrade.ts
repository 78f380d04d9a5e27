import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Logger } from 'pino';
import { FOLDER_MODE } from '../../files/modes.js';
import { COLLECTIONS } from '../../store.js';
import { DATA_FORMAT_VERSION, dataFormatOf, FORMAT_NAMES, type DataFormat } from '../engine/data-format.js';
import { syncDirectory } from '../../files/folders.js';
import { DataFileError, writeDurably } from '../engine/durable-json-file.js';
import { manifestText, SHARDS } from '../engine/manifest.js';
import { tablesOfShards, tablesOfSingleFile, type Tables } from './earlier-files.js';
import { recordText } from '../engine/record-text.js';
import { emptyTable, ShardFile, type Table } from '../engine/shard-file.js';
import { shardNumber } from '../engine/shards.js';

/**
 * Brings the lowdb files at `dataFile` to the current data format, before the store
 * loads them; the caller holds the lock. v3 is v4 without idempotency keys, and v2
 * v3 without a journal, so their manifests are rewritten; v1 and v0 are read whole and written anew beside them, then swapped
 * in (see swapIn), keeping the earlier files in `<DATA_FILE>.upgraded-from-<format>/`.
 * Every step is atomic or redone from the start after a crash: the new manifest is
 * written last, and until it is, the earlier files are what is read.
 */
export async function upgradeDataFiles(dataFile: string, logger?: Logger): Promise<void> {
  const format = await dataFormatOf(dataFile);
  if (format?.version === DATA_FORMAT_VERSION && format.newer !== undefined)
    logger?.warn(
      `${dataFile} is ${format.newer}, newer than this build knows (${FORMAT_NAMES[DATA_FORMAT_VERSION]}); its manifest says builds of version ${DATA_FORMAT_VERSION} use it correctly (compatibleFrom), so this build runs on it`,
    );
  if (format === undefined || format.version === DATA_FORMAT_VERSION) return;
  if (format.version === 3 || format.version === 2) {
    await writeDurably(dataFile, (file) => file.writeFile(manifestText(format.shards)));
  } else {
    await swapIn(dataFile, format);
  }
  logger?.info(
    `Upgraded ${dataFile} from ${FORMAT_NAMES[format.version]} to ${FORMAT_NAMES[DATA_FORMAT_VERSION]}` +
      (format.version < 2
        ? `; the earlier files are kept in ${keptIn(dataFile, format)}: remove them once the service runs well`
        : '') +
      (format.version >= 2 ? `; builds before ${FORMAT_NAMES[DATA_FORMAT_VERSION]} refuse it now` : ''),
  );
}

/** Where the files of an earlier format go. */
function keptIn(dataFile: string, format: DataFormat): string {
  return `${dataFile}.upgraded-from-${format.version === 0 ? 'single-file' : FORMAT_NAMES[format.version]}`;
}

/**
 * v0 and v1: the earlier manifest (or single file) is copied into the kept folder
 * and the earlier `.d` folder moved there (each step atomic; a step found done is
 * skipped); the records are read from there and written as current shard files
 * into `<DATA_FILE>.upgrade.d`, which becomes `<DATA_FILE>.d`; the new manifest
 * goes last. A kept folder whose copy is not the DATA_FILE of now is someone
 * else's: nothing is touched.
 */
async function swapIn(dataFile: string, format: Exclude<DataFormat, { version: 2 | 3 | 4 }>): Promise<void> {
  const kept = keptIn(dataFile, format);
  const base = basename(dataFile);
  const folder = `${dataFile}.d`;
  const current = await readFile(dataFile);
  if (!(await exists(kept))) {
    const partial = `${kept}.partial`;
    await rm(partial, { recursive: true, force: true });
    await mkdir(partial, { mode: FOLDER_MODE });
    await writeDurably(join(partial, base), (file) => file.writeFile(current));
    await rename(partial, kept);
    await syncDirectory(dirname(kept));
  } else if (!current.equals(await readFile(join(kept, base)).catch(() => Buffer.alloc(0)))) {
    throw new DataFileError(
      kept,
      `holds files of an earlier upgrade, not of ${dataFile} as it is now: move it away, then start again`,
    );
  }
  if (!(await exists(join(kept, `${base}.d`)))) {
    if (await exists(folder)) await rename(folder, join(kept, `${base}.d`));
    else await mkdir(join(kept, `${base}.d`), { mode: FOLDER_MODE });
    await syncDirectory(kept);
  }
  const tables =
    format.version === 0
      ? tablesOfSingleFile(format.data)
      : await tablesOfShards(join(kept, `${base}.d`), format.shards);
  const next = `${dataFile}.upgrade.d`;
  await rm(next, { recursive: true, force: true });
  await writeShards(next, tables);
  await rm(folder, { recursive: true, force: true }); // only an earlier attempt's new files can be here now
  await rename(next, folder);
  await syncDirectory(dirname(folder));
  await writeDurably(dataFile, (file) => file.writeFile(manifestText(SHARDS)));
}

/** The current layout in `folder`: SHARDS shard files a collection (only those with records), an empty journal. */
async function writeShards(folder: string, tables: Tables): Promise<void> {
  await mkdir(join(folder, 'journal'), { recursive: true, mode: FOLDER_MODE });
  for (const collection of COLLECTIONS) {
    const directory = join(folder, collection);
    await mkdir(directory, { mode: FOLDER_MODE });
    const shards = new Map<number, Table>();
    for (const [key, stored] of tables[collection]) {
      const number = shardNumber(key, SHARDS);
      let shard = shards.get(number);
      if (!shard) shards.set(number, (shard = emptyTable()));
      shard.set(key, recordText(stored));
    }
    for (const [number, shard] of shards) await new ShardFile(join(directory, `${number}.json`)).write(shard);
    await syncDirectory(directory);
  }
  await syncDirectory(join(folder, 'journal'));
  await syncDirectory(folder);
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

import { readFile } from 'node:fs/promises';
import { isObject, whereJsonFails } from '../../../lib/json.js';
import { COLLECTIONS } from '../../store.js';
import { DataFileError } from './durable-json-file.js';

/**
 * Every layout of lowdb files this project has written, by data-format version:
 *
 * 0. One lowdb JSON file, DATA_FILE itself: `{ "<collection>": { "<key>": value } }`
 *    for each of the seven collections,
 *    no manifest, no groups; keys made by the keyOf of the time (encodeURIComponent).
 * 1. `collab-lowdb-shards-v1`: DATA_FILE a manifest `{ format, shards }` (1024);
 *    `<DATA_FILE>.d/<collection>/<n>.json` compact JSON `{ "<key>": value }`, no
 *    groups; keys by either keyOf (it changed during v1).
 * 2. `collab-lowdb-shards-v2`: the same, each record `{ value, group? }`.
 * 3. `collab-lowdb-v3`: v2's shards (compact, or one record to a line),
 *    records `{ value, group?, owner? }`, and the write-ahead journal in
 *    `<DATA_FILE>.d/journal/`; the manifest states `version: 3` (earlier v3
 *    manifests did not).
 * 4. `collab-lowdb-v4` (current): v3 with the collection `idempotencyKeys`, which
 *    a v3 build would take for damage in the journal, or drop as a torn last line.
 *    Later v4 builds end each journal batch with the line `[]` (a list of no
 *    changes, which earlier v4 builds replay as nothing), begin each journal file
 *    with it and end a file they move on from with it twice; they read journals without.
 *
 * Versions 0 to 2 were written only by builds before the contract's first release (1.0.0, 2026-11-24), which no
 * deployment runs: they are refused by name, with the build that upgrades them (UPGRADING_BUILD). Version 3 is what
 * the release wrote, so its files are upgraded (upgrade.ts).
 *
 * A later format whose files builds of an earlier one still use correctly (expand now, contract a release
 * later: see migrations.ts) states in its manifest `compatibleFrom`, the oldest version whose builds may, and
 * this build opens it as its own, leaving the manifest as it is.
 */
export const DATA_FORMAT_VERSION = 4;
export const FORMAT_NAMES = [
  'a single lowdb file (version 0)',
  'collab-lowdb-shards-v1',
  'collab-lowdb-shards-v2',
  'collab-lowdb-v3',
  'collab-lowdb-v4',
] as const;

/** The oldest format this build upgrades: the one the contract's first release wrote. */
export const OLDEST_UPGRADED = 3;
/** The last build that upgrades every earlier format, for files of a pre-release one. */
export const UPGRADING_BUILD = '49b83d0';

/** The collections of the single file (version 0): the first seven. */
const SINGLE_FILE_COLLECTIONS = COLLECTIONS.slice(0, 7);

export type DataFormat =
  { version: 3; shards: number; stated: boolean } | { version: 4; shards: number; newer?: string };

/** The format of the files at `dataFile`; undefined when there is no file yet. A format of a newer build, or none, is a DataFileError. */
export async function dataFormatOf(dataFile: string): Promise<DataFormat | undefined> {
  let text: string;
  try {
    text = await readFile(dataFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new DataFileError(dataFile, `cannot be read (${(error as Error).message})`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new DataFileError(dataFile, `is not valid JSON, perhaps truncated (${whereJsonFails(text)})`);
  }
  if (!isObject(data)) throw notOurs(dataFile);
  const { format, shards, version } = data;
  if (format === undefined) {
    // The single file always held every collection, and nothing else.
    const names = Object.keys(data);
    if (
      names.length === SINGLE_FILE_COLLECTIONS.length &&
      SINGLE_FILE_COLLECTIONS.every((collection) => isObject(data[collection]))
    ) {
      throw preRelease(dataFile, 0);
    }
    throw notOurs(dataFile);
  }
  if (typeof format !== 'string' || !format.startsWith('collab-lowdb')) throw notOurs(dataFile);
  if (compatibleNewer(data) && Number.isInteger(shards) && (shards as number) > 0)
    return { version: 4, shards: shards as number, newer: format };
  const known = FORMAT_NAMES.indexOf(format as (typeof FORMAT_NAMES)[number]);
  if (known < 1 || (version !== undefined && version !== known) || known > DATA_FORMAT_VERSION) {
    throw new DataFileError(
      dataFile,
      `is data format ${format}${version === undefined ? '' : ` version ${String(version)}`}, which this build does not know ` +
        `(it reads versions ${OLDEST_UPGRADED} to ${DATA_FORMAT_VERSION}): a newer build wrote it; run that build, or export with it (make export) and import here`,
    );
  }
  if (known < OLDEST_UPGRADED) throw preRelease(dataFile, known);
  if (!Number.isInteger(shards) || (shards as number) <= 0) throw notOurs(dataFile);
  if (known === 4) return { version: 4, shards: shards as number };
  return { version: 3, shards: shards as number, stated: version === 3 };
}

function preRelease(dataFile: string, version: number): DataFileError {
  return new DataFileError(
    dataFile,
    `is ${FORMAT_NAMES[version]}, a data format of builds before the contract's first release (1.0.0), which this ` +
      `build no longer upgrades: start the build ${UPGRADING_BUILD} on it once (it upgrades it to ` +
      `${FORMAT_NAMES[DATA_FORMAT_VERSION]}), then this one`,
  );
}

/** A manifest of a later format than this build's that says builds of this one use its files correctly. */
export function compatibleNewer({ format, version, compatibleFrom }: Record<string, unknown>): boolean {
  return (
    format === `collab-lowdb-v${String(version)}` &&
    Number.isInteger(version) &&
    (version as number) > DATA_FORMAT_VERSION &&
    Number.isInteger(compatibleFrom) &&
    (compatibleFrom as number) <= DATA_FORMAT_VERSION
  );
}

function notOurs(dataFile: string): DataFileError {
  return new DataFileError(
    dataFile,
    `is JSON but not a ${FORMAT_NAMES[DATA_FORMAT_VERSION]} manifest, nor lowdb data of an earlier version`,
  );
}

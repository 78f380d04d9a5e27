import { Low } from 'lowdb';
import { compatibleNewer, DATA_FORMAT_VERSION } from './data-format.js';
import { DurableJsonFile } from './durable-json-file.js';

export interface Manifest {
  format: typeof FORMAT;
  /** The data-format version (see data-format.ts). */
  version: typeof DATA_FORMAT_VERSION;
  shards: number;
}

/** Unchanged by the one-record-a-line shards: files of the earlier compact form still load. v4: the collection idempotencyKeys. */
const FORMAT = 'collab-lowdb-v4';
/** Shards per collection of a new store: a checkpoint rewrites only the small files that changed. */
export const SHARDS = 256;

/** The lowdb manifest, `dataFile` itself: the format, its version and the shard count the store was made with. */
export function openManifest(dataFile: string): Low<Manifest> {
  return new Low<Manifest>(new DurableJsonFile(dataFile, isManifest, `a ${FORMAT} manifest`), {
    format: FORMAT,
    version: DATA_FORMAT_VERSION,
    shards: SHARDS,
  });
}

/** A manifest's text, as a new store writes it. */
export function manifestText(shards: number): string {
  return JSON.stringify({ format: FORMAT, version: DATA_FORMAT_VERSION, shards } satisfies Manifest);
}

/** This build's manifest, or a later format's that builds of this one may use (kept as it is: only the shards are read). */
function isManifest(data: unknown): data is Manifest {
  const manifest = data as Partial<Manifest> | null;
  return (
    typeof manifest === 'object' &&
    manifest !== null &&
    ((manifest.format === FORMAT && manifest.version === DATA_FORMAT_VERSION) || compatibleNewer(manifest)) &&
    Number.isInteger(manifest.shards) &&
    (manifest.shards ?? 0) > 0
  );
}

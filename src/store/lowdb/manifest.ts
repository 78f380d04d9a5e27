import { Low } from 'lowdb';
import { DurableJsonFile } from './durable-json-file.js';

export interface Manifest {
  format: typeof FORMAT;
  shards: number;
}

/** Unchanged by the one-record-a-line shards: files of the earlier compact form still load. */
const FORMAT = 'collab-lowdb-v3';
/** Shards per collection of a new store: a checkpoint rewrites only the small files that changed. */
export const SHARDS = 256;

/** The lowdb manifest, `dataFile` itself: the format and the shard count the store was made with. */
export function openManifest(dataFile: string): Low<Manifest> {
  return new Low<Manifest>(new DurableJsonFile(dataFile, isManifest, `a ${FORMAT} manifest`), { format: FORMAT, shards: SHARDS });
}

function isManifest(data: unknown): data is Manifest {
  const manifest = data as Partial<Manifest> | null;
  return typeof manifest === 'object' && manifest !== null && manifest.format === FORMAT &&
    Number.isInteger(manifest.shards) && (manifest.shards ?? 0) > 0;
}

import { whereJsonFails } from '../../../lib/json.js';
import { DataFileError } from './durable-json-file.js';
import { isStored, type Stored } from './record-text.js';

/** A shard of the earlier compact form: one line of JSON, read the old way. */
export function parseCompact(path: string, text: string): Record<string, Stored> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new DataFileError(path, `is not valid JSON, perhaps truncated (${whereJsonFails(text)})`);
  }
  if (!isCompact(data)) throw new DataFileError(path, 'is JSON but not a JSON object of stored records');
  return data;
}

/** A shard of the earlier compact form, parsed: an object of stored records. */
function isCompact(data: unknown): data is Record<string, Stored> {
  return typeof data === 'object' && data !== null && !Array.isArray(data) && Object.values(data).every(isStored);
}

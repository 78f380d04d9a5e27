import { keyOf, type Collection } from '../../store.js';
import type { Stored } from '../engine/journal.js';

/** Collections whose keys keyOf makes of parts (the others' keys are ids, kept as they are). */
const MADE_OF_PARTS: readonly Collection[] = [
  'notificationSettings',
  'navigation',
  'identitySettings',
  'devices',
  'readMarkers',
];
/** What encodeURIComponent leaves or makes: nothing else, and no `%` but a valid escape. */
const URI_ENCODED = /^(?:[A-Za-z0-9\-_.!~*'()]|%[0-9A-Fa-f]{2})*$/;

/**
 * A part of a key of data format 0 or 1. Until keyOf escaped only `%` and `/`, it
 * applied encodeURIComponent, and a v1 store may hold keys of both. A part only
 * encodeURIComponent could have made is decoded as it; any other is keyOf's own.
 * Where both could have made it, both decode it alike (each writes `%` as %25 and
 * `/` as %2F, and keyOf never writes another escape).
 */
function partOf(text: string): string {
  if (URI_ENCODED.test(text)) {
    try {
      return decodeURIComponent(text);
    } catch {
      // not UTF-8 once decoded: keyOf's, after all
    }
  }
  return text.replace(/%2F|%25/g, (escape) => (escape === '%2F' ? '/' : '%'));
}

/**
 * A record of data format 0 or 1 (a bare value, no group) as the current format
 * holds it: its key made by today's keyOf, and the group today's handlers file it
 * under (a device under its user, a read marker under its user and stream). Such
 * records predate quotas: they have no owner and count against no one, as the
 * records PostgreSQL kept from before its owner column.
 */
export function upgradedRecord(collection: Collection, key: string, value: unknown): { key: string; stored: Stored } {
  const parts = MADE_OF_PARTS.includes(collection) ? key.split('/').map(partOf) : [key];
  const newKey = MADE_OF_PARTS.includes(collection) ? keyOf(...parts) : key;
  const record = value as Record<string, unknown> | null;
  let group: string | undefined;
  if (collection === 'devices' && typeof record?.userId === 'string') group = record.userId;
  if (collection === 'readMarkers' && parts.length === 3) group = keyOf(parts[0] ?? '', parts[1] ?? '');
  return { key: newKey, stored: { value, ...(group === undefined ? {} : { group }) } };
}

/** Of two records that the same key now names (written before and after keyOf changed), the later one. */
export function laterOf(a: Stored, b: Stored): Stored {
  const when = (stored: Stored) => {
    const value = stored.value as { updatedAt?: unknown } | null;
    return typeof value?.updatedAt === 'string' ? Date.parse(value.updatedAt) : -Infinity;
  };
  return when(b) >= when(a) ? b : a;
}

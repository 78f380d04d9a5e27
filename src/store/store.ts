/** The stored collections. Values are JSON documents; treat what you read as read-only. */
export type Collection =
  | 'streams'
  | 'notificationSettings'
  | 'navigation'
  | 'identitySettings'
  | 'devices'
  | 'drafts'
  | 'readMarkers';

export const COLLECTIONS: readonly Collection[] = [
  'streams', 'notificationSettings', 'navigation', 'identitySettings', 'devices', 'drafts', 'readMarkers',
];

export interface Change<T> {
  previous: T | undefined;
  current: T | undefined;
}

/**
 * Storage as the handlers see it. `update` applies `change` to the current value
 * atomically (no other update of the store interleaves) and resolves once the
 * result is durably stored; returning undefined deletes; throwing changes nothing.
 */
export interface Store {
  get<T>(collection: Collection, key: string): Promise<T | undefined>;
  /** Values whose key starts with `prefix`. */
  list<T>(collection: Collection, prefix?: string): Promise<T[]>;
  update<T>(collection: Collection, key: string, change: (previous: T | undefined) => T | undefined): Promise<Change<T>>;
  close(): Promise<void>;
}

/**
 * A key made of parts. `%` and `/` are escaped in each part, so no two part
 * lists share a key; any string is a valid part (lone surrogates included).
 */
export function keyOf(...parts: string[]): string {
  return parts.map((part) => part.replaceAll('%', '%25').replaceAll('/', '%2F')).join('/');
}

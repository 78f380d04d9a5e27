// The stored collections' names, beneath the Store interface (src/store/store.ts re-exports them) and its errors.

/** The stored collections. Values are JSON documents; treat what you read as read-only. */
export type Collection =
  | 'streams'
  | 'notificationSettings'
  | 'navigation'
  | 'identitySettings'
  | 'devices'
  | 'drafts'
  | 'readMarkers'
  | 'idempotencyKeys';

/** In dump order; a new collection goes last, so the dumps and files of earlier builds keep their order. */
export const COLLECTIONS: readonly Collection[] = [
  'streams',
  'notificationSettings',
  'navigation',
  'identitySettings',
  'devices',
  'drafts',
  'readMarkers',
  'idempotencyKeys',
];

import type { ValidateFunction } from 'ajv';
import { contractAjv } from '../../contract/contract-ajv.js';
import { loadSpec } from '../../contract/spec.js';
import { isObject } from '../../lib/json.js';
import { keyOf, partsOf, type Collection, type StoredRecord } from '../store.js';

/** What is wrong with a record, in words, or undefined when nothing is. */
export type RecordCheck = (record: StoredRecord) => string | undefined;

/** The schema in openapi.yaml that each collection's values are read back as. */
const SCHEMAS: Record<Collection, string> = {
  streams: 'Stream',
  notificationSettings: 'NotificationSettings',
  navigation: 'NavigationPreferences',
  identitySettings: 'IdentitySettings',
  devices: 'Device',
  drafts: 'CycleTemplateDraft',
  readMarkers: 'ReadMarker',
};

/** Where the handlers file a record, from its value and its key's first part (the user of a per-user record). */
interface Placed {
  key: string;
  group?: string;
  /** Who the record counts against; a record stored before quotas has none. */
  owner: string;
}

type Value = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '\u0000not a string');

const PLACEMENTS: Record<Collection, (value: Value, user: string) => Placed> = {
  streams: (value) => ({ key: text(value.id), owner: text(value.createdBy) }),
  drafts: (value) => ({ key: text(value.templateId), owner: text(value.updatedBy) }),
  notificationSettings: (_value, user) => ({ key: keyOf(user), owner: user }),
  navigation: (_value, user) => ({ key: keyOf(user), owner: user }),
  identitySettings: (value, user) => ({ key: keyOf(user, text(value.namespace)), owner: user }),
  devices: (value) => ({ key: keyOf(text(value.appId), text(value.installationId)), group: text(value.userId), owner: text(value.userId) }),
  readMarkers: (value, user) => ({
    key: keyOf(user, text(value.streamId), typeof value.threadSessionId === 'string' ? value.threadSessionId : ''),
    group: keyOf(user, text(value.streamId)),
    owner: user,
  }),
};

/**
 * Checks a record as the service would have stored it: its value valid against
 * its collection's schema in openapi.yaml (plus what the store keeps beside: a
 * device's user; a read marker stored before it was left out has a null
 * threadSessionId), and its key, group and owner the ones the handlers give that
 * value. Anything else could not be read back, or would be listed where no one looks.
 */
export function contractRecordCheck(): RecordCheck {
  const ajv = contractAjv(loadSpec());
  const validators = Object.fromEntries(Object.entries(SCHEMAS).map(([collection, schema]) =>
    [collection, ajv.compile({ $ref: `#/components/schemas/${schema}` })])) as Record<Collection, ValidateFunction>;
  return (record) => {
    const { collection, value } = record;
    if (!isObject(value)) return `its value is not a JSON object, as every ${collection} record is`;
    const checked = collection === 'readMarkers' && value.threadSessionId === null ? withoutMember(value, 'threadSessionId') : value;
    const validate = validators[collection];
    if (!validate(checked)) {
      const [error] = validate.errors ?? [];
      return `its value is not a valid ${SCHEMAS[collection]} (openapi.yaml): ${error?.instancePath || 'the value'} ${error?.message ?? 'is invalid'}`;
    }
    if (collection === 'devices' && typeof value.userId !== 'string') return 'its device has no userId, the user it belongs to';
    const placed = PLACEMENTS[collection](value, partsOf(record.key)[0] ?? '');
    if (record.key !== placed.key) return `its key should be ${JSON.stringify(placed.key)} for its value`;
    if (record.group !== placed.group) return placed.group === undefined ? 'it has a group, which no record of its collection has' : `its group should be ${JSON.stringify(placed.group)}`;
    if (record.owner !== undefined && record.owner !== placed.owner) return `its owner should be ${JSON.stringify(placed.owner)} (or none)`;
    return undefined;
  };
}

function withoutMember(value: Value, name: string): Value {
  return Object.fromEntries(Object.entries(value).filter(([member]) => member !== name));
}

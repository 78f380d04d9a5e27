import type { ErrorObject, ValidateFunction } from 'ajv';
import { contractAjv } from '../contract/contract-ajv.js';
import { repeatedPhaseIds } from '../contract/phase-ids.js';
import { loadSpec, type OpenApiDocument } from '../contract/spec.js';
import { MAX_DOCUMENT_BYTES, MAX_TRANSPORT_METADATA_BYTES } from '../lib/document-cap.js';
import { isObject } from '../lib/json.js';
import { keyOf, partsOf, type Collection, type StoredRecord } from '../store/store.js';
import { keyRecordCheck } from './key-record-check.js';

/** What is wrong with a record, in words, or undefined when nothing is. */
export type RecordCheck = (record: StoredRecord) => string | undefined;

/** The collections whose values are read back by a GET; idempotency keys are checked on their own (key-record-check.ts). */
export type ReadBack = Exclude<Collection, 'idempotencyKeys'>;

/** The schema in openapi.yaml that each collection's values are read back as. */
export const SCHEMAS: Record<ReadBack, string> = {
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

/** The documents a merge patch grows, which the write path caps at MAX_DOCUMENT_BYTES (src/features/shared/merge-document.ts). */
const DOCUMENTS: ReadonlySet<ReadBack> = new Set(['notificationSettings', 'navigation', 'identitySettings']);
const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
const text = (value: unknown) => (typeof value === 'string' ? value : '\u0000not a string');

const PLACEMENTS: Record<ReadBack, (value: Value, user: string) => Placed> = {
  streams: (value) => ({ key: text(value.id), owner: text(value.createdBy) }),
  drafts: (value) => ({ key: text(value.templateId), owner: text(value.updatedBy) }),
  notificationSettings: (_value, user) => ({ key: keyOf(user), owner: user }),
  navigation: (_value, user) => ({ key: keyOf(user), owner: user }),
  identitySettings: (value, user) => ({ key: keyOf(user, text(value.namespace)), owner: user }),
  devices: (value) => ({
    key: keyOf(text(value.appId), text(value.installationId)),
    group: text(value.userId),
    owner: text(value.userId),
  }),
  readMarkers: (value, user) => ({
    key: keyOf(user, text(value.streamId), typeof value.threadSessionId === 'string' ? value.threadSessionId : ''),
    group: keyOf(user, text(value.streamId)),
    owner: user,
  }),
};

/**
 * Checks a record as the service would have stored it: within the sizes the write
 * path caps (a document at most 256 KiB, a device's transportMetadata 16 KiB), its
 * value valid against its collection's schema in openapi.yaml (plus what the store
 * keeps beside: a device's user; a read marker stored before it was left out has a
 * null threadSessionId; a draft's phase ids unique), and its key, group and owner the ones the handlers give that
 * value. Anything else could not be read back, or would be listed where no one looks.
 * Its nesting was checked before it was parsed (see verifyDump): ajv recurses.
 */
export function contractRecordCheck(): RecordCheck {
  const checkValue = contractValueCheck();
  const keyCheck = keyRecordCheck(contractAjv(loadSpec()), loadSpec());
  return (record) => {
    if (record.collection === 'idempotencyKeys') return keyCheck(record);
    const { value } = record;
    const collection: ReadBack = record.collection;
    if (!isObject(value)) return `its value is not a JSON object, as every ${collection} record is`;
    const tooLarge = sizeProblem(collection, value);
    if (tooLarge !== undefined) return tooLarge;
    const error = checkValue(collection, value);
    if (error)
      return `its value is not a valid ${SCHEMAS[collection]} (openapi.yaml): ${error.instancePath || 'the value'} ${error.message ?? 'is invalid'}`;
    if (collection === 'devices' && typeof value.userId !== 'string')
      return 'its device has no userId, the user it belongs to';
    const [repeated] = collection === 'drafts' ? repeatedPhaseIds(value.phasesTemplate as { id: string }[]) : [];
    if (repeated)
      return `its phasesTemplate/${repeated.index}/id repeats the id of phase ${repeated.first}; phase ids are unique within a draft`;
    const placed = PLACEMENTS[collection](value, partsOf(record.key)[0] ?? '');
    if (record.key !== placed.key) return `its key should be ${JSON.stringify(placed.key)} for its value`;
    if (record.group !== placed.group)
      return placed.group === undefined
        ? 'it has a group, which no record of its collection has'
        : `its group should be ${JSON.stringify(placed.group)}`;
    if (record.owner !== undefined && record.owner !== placed.owner)
      return `its owner should be ${JSON.stringify(placed.owner)} (or none)`;
    return undefined;
  };
}

/**
 * The first way a stored value breaks its collection's schema in `spec` (openapi.yaml unless given: make
 * contract-diff passes the changed contract), as ajv says it; undefined when it is valid. A read marker stored
 * before a missing threadSessionId was left out has it null.
 */
export function contractValueCheck(
  spec: OpenApiDocument = loadSpec(),
): (collection: ReadBack, value: unknown) => ErrorObject | undefined {
  const ajv = contractAjv(spec);
  const validators = Object.fromEntries(
    Object.entries(SCHEMAS).map(([collection, schema]) => [
      collection,
      ajv.compile({ $ref: `#/components/schemas/${schema}` }),
    ]),
  ) as Record<ReadBack, ValidateFunction>;
  return (collection, value) => {
    const checked =
      collection === 'readMarkers' && isObject(value) && value.threadSessionId === null
        ? withoutMember(value, 'threadSessionId')
        : value;
    const validate = validators[collection];
    return validate(checked)
      ? undefined
      : (validate.errors?.[0] ?? {
          instancePath: '',
          schemaPath: '',
          keyword: 'false',
          params: {},
          message: 'is invalid',
        });
  };
}

/** What passes a size the write path caps, in words; else undefined. */
function sizeProblem(collection: ReadBack, value: Value): string | undefined {
  if (DOCUMENTS.has(collection)) {
    const bytes = bytesOf(value);
    if (bytes > MAX_DOCUMENT_BYTES)
      return `its value takes ${bytes} bytes as compact JSON; a stored document holds at most ${MAX_DOCUMENT_BYTES} bytes (256 KiB)`;
  }
  if (collection === 'devices' && value.transportMetadata !== undefined) {
    const bytes = bytesOf(value.transportMetadata);
    if (bytes > MAX_TRANSPORT_METADATA_BYTES)
      return `its transportMetadata takes ${bytes} bytes as compact JSON; it holds at most ${MAX_TRANSPORT_METADATA_BYTES} (16 KiB)`;
  }
  return undefined;
}

function withoutMember(value: Value, name: string): Value {
  return Object.fromEntries(Object.entries(value).filter(([member]) => member !== name));
}

import type { Ajv, ValidateFunction } from 'ajv';
import type { OpenApiDocument } from '../contract/spec.js';
import { isObject } from '../lib/json.js';
import { expiryGroup } from '../edge/idempotency/keys.js';
import { partsOf, type StoredRecord } from '../store/store.js';

/** A key as the service keeps it: its SHA-256 (recordKeyOf), or as builds before kept it, the header's value unquoted (1 to 255 printable ASCII). */
const KEY = /^[\x20-\x7e]{1,255}$/;

/** An idempotency key's record (src/edge/idempotency/keys.ts's KeyRecord); the answer's body is checked against its operation. */
const KEY_RECORD = {
  type: 'object',
  required: ['operation', 'fingerprint', 'expiresAt', 'resourceId', 'attempt'],
  additionalProperties: false,
  properties: {
    operation: { type: 'string' },
    fingerprint: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' }, // SHA-256, base64url
    expiresAt: { type: 'string', format: 'date-time' },
    resourceId: { $ref: '#/components/schemas/Uuid' },
    attempt: { $ref: '#/components/schemas/Uuid' },
    leaseUntil: { type: 'string', format: 'date-time' },
    answer: {
      type: 'object',
      required: ['status', 'body'],
      additionalProperties: false,
      properties: { status: { type: 'integer', minimum: 200, maximum: 299 }, location: { type: 'string' }, body: {} },
    },
  },
};

type Operation = {
  operationId?: string;
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
};

/**
 * Checks an idempotencyKeys record as the service writes it: its key (user, key's digest), group (the hour it expires in)
 * and owner (the user), its fields, and a kept answer's body valid as its operation's response of that status:
 * a replay sends it as it is.
 */
export function keyRecordCheck(ajv: Ajv, spec: OpenApiDocument): (record: StoredRecord) => string | undefined {
  const validate = ajv.compile(KEY_RECORD);
  const bodies = new Map<string, ValidateFunction>();
  const operations = new Map(
    Object.values(spec.paths)
      .flatMap((item) => Object.values(item) as Operation[])
      .filter((operation) => typeof operation?.operationId === 'string')
      .map((operation) => [operation.operationId as string, operation]),
  );
  const bodyCheck = (operationId: string, status: number): ValidateFunction | undefined => {
    const id = `${operationId} ${status}`;
    const schema = operations.get(operationId)?.responses?.[String(status)]?.content?.['application/json']?.schema;
    if (schema && !bodies.has(id)) bodies.set(id, ajv.compile(schema));
    return bodies.get(id);
  };
  return ({ key, group, owner, value }) => {
    const parts = partsOf(key);
    if (parts.length !== 2 || !KEY.test(parts[1] ?? ''))
      return 'its key should be a user and a key of 1 to 255 printable ASCII characters';
    if (!validate(value))
      return `its value is not an idempotency key's record: ${validate.errors?.[0]?.instancePath || 'the value'} ${validate.errors?.[0]?.message ?? 'is invalid'}`;
    const record = value as { operation: string; expiresAt: string; answer?: { status: number; body: unknown } };
    if (group !== expiryGroup(Date.parse(record.expiresAt)))
      return `its group should be ${JSON.stringify(expiryGroup(Date.parse(record.expiresAt)))}, the hour it expires in`;
    if (owner !== parts[0]) return `its owner should be ${JSON.stringify(parts[0])}`;
    if (!operations.has(record.operation))
      return `it names no operation of openapi.yaml (${JSON.stringify(record.operation)})`;
    if (record.answer && isObject(record.answer)) {
      const check = bodyCheck(record.operation, record.answer.status);
      if (!check)
        return `its answer's status ${record.answer.status} is not one ${record.operation} answers with a body`;
      if (!check(record.answer.body))
        return `its answer's body is not a valid response of ${record.operation}: ${check.errors?.[0]?.instancePath || 'the body'} ${check.errors?.[0]?.message ?? 'is invalid'}`;
    }
    return undefined;
  };
}

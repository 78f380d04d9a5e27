import { Ajv } from 'ajv';
import { contractFormats } from './formats.js';
import type { OpenApiDocument } from './spec.js';

// OpenAPI's integer formats, which express-openapi-validator knows itself: each integer's bounds say its range.
const INTEGER_FORMATS = { int32: Number.isInteger, int64: Number.isInteger };

/** Ajv with the contract's formats and every component schema, addressable as `#/components/schemas/Name`. */
export function contractAjv(spec: OpenApiDocument, options: { allErrors?: boolean } = {}): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: options.allErrors ?? false });
  for (const [name, format] of Object.entries(contractFormats)) ajv.addFormat(name, format);
  for (const [name, validate] of Object.entries(INTEGER_FORMATS)) ajv.addFormat(name, { type: 'number', validate });
  for (const [name, schema] of Object.entries(spec.components.schemas)) {
    ajv.addSchema(schema, `#/components/schemas/${name}`);
  }
  return ajv;
}

import { pointerOf } from './json-pointer.js';
import { pointerAt } from './json-pointer-at.js';
import { scanJson } from './json-scan.js';

/** Where JSON text stops being I-JSON: the member or value as a JSON pointer (RFC 6901), and why, in words. */
export interface IJsonFault {
  pointer: string;
  message: string;
}

/** What reading JSON text found: where it is not I-JSON, if anywhere; its nesting and its values (measure's count). */
export interface JsonReading {
  fault: IJsonFault | undefined;
  /** Objects and arrays nested in one another at most (0 for a scalar). */
  depth: number;
  /** Every value: objects, arrays, members' values, items, scalars, the whole one included. */
  values: number;
}

/**
 * Reads `text`, which JSON.parse took, for where it is first found not to be I-JSON (RFC 7493): a name twice in one
 * object, a lone surrogate, a number a double does not hold exactly (json-number.ts); counting its depth and values on
 * the way, so nothing walks the parsed body again for them. One pass over the text (json-scan.ts), without parsing it
 * again; the pointer is found by a second pass, for a fault only.
 */
export function readIJson(text: string): JsonReading {
  const reading = scanJson(text);
  const { found } = reading;
  if (found === undefined) return { fault: undefined, depth: reading.depth, values: reading.values };
  const segments = pointerAt(text, found.at);
  if (found.inName) segments.pop(); // the name cannot be written: its object is named
  if (found.name !== undefined) segments.push(found.name);
  return {
    fault: { pointer: pointerOf(segments), message: found.message },
    depth: reading.depth,
    values: reading.values,
  };
}

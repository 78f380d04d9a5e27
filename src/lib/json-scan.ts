import { CLOSE_BRACE, CLOSE_BRACKET, COMMA, OPEN_BRACE, OPEN_BRACKET, QUOTE } from './json-codes.js';
import { escapeEnd } from './json-escapes.js';
import { numberEnd, numberFault, surelyExact } from './json-number.js';

// The I-JSON check's reading of JSON text (src/lib/i-json.ts says what it is for).

const NAMED_TWICE = 'is named more than once in its object: send each member once';
const LONE = 'must not hold a lone surrogate (U+D800 to U+DFFF outside a pair)';
const LONE_IN_NAME = 'has a member name holding a lone surrogate (U+D800 to U+DFFF outside a pair)';
/** Objects of up to this many members are checked for a name twice as each name comes; larger ones at their end. */
const FEW_NAMES = 32;

const OTHER = 0;
const STRING = 1;
const NUMBER = 2;
const OBJECT = 3;
const ARRAY = 4;
const OBJECT_END = 5;
const ARRAY_END = 6;
const NEXT = 7;
const LITERAL = 8;
/** What each ASCII character starts, outside strings (JSON text is valid: only these matter). */
const STARTS = new Uint8Array(128);
STARTS[QUOTE] = STRING;
STARTS[OPEN_BRACE] = OBJECT;
STARTS[OPEN_BRACKET] = ARRAY;
STARTS[CLOSE_BRACE] = OBJECT_END;
STARTS[CLOSE_BRACKET] = ARRAY_END;
STARTS[COMMA] = NEXT;
for (const code of '-0123456789') STARTS[code.charCodeAt(0)] = NUMBER;
for (const code of 'tfn') STARTS[code.charCodeAt(0)] = LITERAL;

/** Where the pass stopped (`at`, a value or a member's name) and why; `name` the name twice when `at` is its object. */
export type ScanFault = { at: number; message: string; name?: string; inName?: boolean };

/**
 * One pass over `text`, which JSON.parse took, strings skipped by indexOf: the first fault found, if any, and the depth
 * and values up to it (all of them when there is none). A name twice in an object of more than FEW_NAMES members is found
 * at the object's end, not where it stands.
 */
export function scanJson(text: string): { found: ScanFault | undefined; depth: number; values: number } {
  const inObject: boolean[] = []; // per depth
  const objectAt: number[] = []; // per depth: where the object starts
  const firstName: number[] = []; // per depth: where the object's names start in `names`
  const names: string[] = [];
  let top = 0; // names in use
  let depth = -1;
  let deepest = 0;
  let values = 0;
  let nameNext = false;
  let found: ScanFault | undefined;
  let backslash = nextBackslash(text, 0);
  reading: for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    switch (code < 128 ? STARTS[code] : OTHER) {
      case STRING: {
        let end = text.indexOf('"', at + 1);
        const escaped = backslash < end;
        for (let escape = backslash; escape < end; escape = backslash) {
          const after = escapeEnd(text, escape);
          if (after < 0) {
            found = { at, message: nameNext ? LONE_IN_NAME : LONE, inName: nameNext };
            break reading;
          }
          if (end < after) end = text.indexOf('"', after); // that quote was escaped
          backslash = nextBackslash(text, after);
        }
        if (nameNext) {
          nameNext = false;
          const name = escaped ? (JSON.parse(text.slice(at, end + 1)) as string) : text.slice(at + 1, end);
          const first = firstName[depth] ?? 0;
          if (top - first < FEW_NAMES)
            for (let index = first; index < top; index++)
              if (names[index] === name) {
                found = { at, message: NAMED_TWICE };
                break reading;
              }
          names[top++] = name;
        } else values++;
        at = end;
        break;
      }
      case NUMBER: {
        const end = numberEnd(text, at);
        if (!surelyExact(text, at, end)) {
          const message = numberFault(text.slice(at, end));
          if (message !== undefined) {
            found = { at, message };
            break reading;
          }
        }
        values++;
        at = end - 1;
        break;
      }
      case LITERAL:
        values++;
        at += code === 0x66 ? 4 : 3; // false; true, null
        break;
      case OBJECT:
        inObject[++depth] = true;
        objectAt[depth] = at;
        firstName[depth] = top;
        nameNext = true;
        values++;
        if (depth >= deepest) deepest = depth + 1;
        break;
      case ARRAY:
        inObject[++depth] = false;
        values++;
        if (depth >= deepest) deepest = depth + 1;
        break;
      case OBJECT_END: {
        const first = firstName[depth] ?? 0;
        const twice = top - first > FEW_NAMES ? nameTwice(names.slice(first, top)) : undefined;
        if (twice !== undefined) {
          found = { at: objectAt[depth] ?? 0, message: NAMED_TWICE, name: twice };
          break reading;
        }
        top = first;
        depth--;
        break;
      }
      case ARRAY_END:
        depth--;
        break;
      case NEXT:
        nameNext = inObject[depth] === true;
        break;
    }
  }
  return { found, depth: deepest, values };
}

/** The next backslash from `from`, or past the end when there is none (backslashes stand only in strings). */
function nextBackslash(text: string, from: number): number {
  const at = text.indexOf('\\', from);
  return at < 0 ? Infinity : at;
}

/** A name that comes twice among `names`, if any: sorted, so many names cost n log n, not a set's hashing of each. */
function nameTwice(names: string[]): string | undefined {
  names.sort();
  for (let index = 1; index < names.length; index++) if (names[index] === names[index - 1]) return names[index];
  return undefined;
}

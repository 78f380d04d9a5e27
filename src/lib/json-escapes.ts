import { BACKSLASH } from './json-codes.js';

/** Where the escape at `at` (a backslash in a string JSON.parse took) ends, a \\u surrogate pair as one; -1 for a lone surrogate. */
export function escapeEnd(text: string, at: number): number {
  if (text.charCodeAt(at + 1) !== 0x75) return at + 2;
  const unit = hexAt(text, at + 2);
  if (unit < 0xd800 || unit > 0xdfff) return at + 6;
  const paired = unit < 0xdc00 && text.charCodeAt(at + 6) === BACKSLASH && text.charCodeAt(at + 7) === 0x75;
  return paired && (hexAt(text, at + 8) & 0xfc00) === 0xdc00 ? at + 12 : -1;
}

/** The four hex digits at `at` as a number. */
function hexAt(text: string, at: number): number {
  let value = 0;
  for (let index = at; index < at + 4; index++) {
    const code = text.charCodeAt(index) | 0x20; // a-f in lower case; digits keep their codes
    value = value * 16 + (code <= 0x39 ? code - 0x30 : code - 0x57);
  }
  return value;
}

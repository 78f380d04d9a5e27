// The numbers I-JSON takes (RFC 7493 §2.2), as openapi.yaml states the rule: a number whose value is exactly that of
// the double it reads as, written the shortest way (as JSON.stringify writes it back), so none comes back changed.

const PLUS = 0x2b;
const MINUS = 0x2d;
export const TOO_LARGE = 'must be a number a double holds: at most about 1.8e308 in size';

/** Where the number literal starting at `start` ends (JSON.parse took it, so its characters are all it holds). */
export function numberEnd(text: string, start: number): number {
  let end = start + 1;
  for (; end < text.length; end++) {
    const code = text.charCodeAt(end);
    const digit = code >= 0x30 && code <= 0x39;
    if (!digit && code !== 0x2e && code !== PLUS && code !== MINUS && (code | 0x20) !== 0x65) break;
  }
  return end;
}

/**
 * Whether the literal text[start, end) surely passes: at most 15 characters (so at most 15 significant digits) and an
 * exponent of at most two digits (so well within the doubles' normal range), which every double keeps exactly (DBL_DIG
 * is 15). The rest go to numberFault.
 */
export function surelyExact(text: string, start: number, end: number): boolean {
  if (end - start > 15) return false;
  for (let at = start + 1; at < end; at++) {
    const code = text.charCodeAt(at) | 0x20;
    if (code !== 0x65) continue; // e or E
    const sign = text.charCodeAt(at + 1);
    return end - at - (sign === PLUS || sign === MINUS ? 2 : 1) <= 2;
  }
  return true;
}

/** Why the JSON number `literal` is not one a double holds exactly, in words; undefined when it is. */
export function numberFault(literal: string): string | undefined {
  const value = Number(literal);
  if (!Number.isFinite(value)) return TOO_LARGE;
  const kept = String(value);
  if (kept === literal || decimalOf(kept) === decimalOf(literal)) return undefined;
  return `must be a number a double holds exactly: this one would be kept as ${kept}`;
}

/** A number literal's value, sign aside, as its significant digits and where the point goes ("15e1" for 1.50); "0" for zero. */
function decimalOf(literal: string): string {
  const marker = literal.search(/[eE]/);
  const exponent = marker < 0 ? 0 : parseInt(literal.slice(marker + 1), 10);
  const mantissa = (marker < 0 ? literal : literal.slice(0, marker)).replace(/^-/, '');
  const point = mantissa.indexOf('.');
  const digits = point < 0 ? mantissa : mantissa.slice(0, point) + mantissa.slice(point + 1);
  let first = 0;
  while (first < digits.length && digits.charCodeAt(first) === 0x30) first++;
  let last = digits.length;
  while (last > first && digits.charCodeAt(last - 1) === 0x30) last--;
  if (first === last) return '0';
  return `${digits.slice(first, last)}e${(point < 0 ? mantissa.length : point) - first + exponent}`;
}

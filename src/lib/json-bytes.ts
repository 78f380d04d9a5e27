import { isObject } from './json.js';

/**
 * The UTF-8 length of `value`'s compact JSON (a parsed value: no undefined members, no toJSON), counted without
 * building it and only until it passes `atMost`: JSON.stringify of a string from JSON.parse past 256 MiB aborts the
 * process natively (V8's fast path: "Zone Allocation failed"), where this stops after atMost characters. Without
 * recursion, so any depth is counted.
 */
export function jsonBytes(value: unknown, atMost = Infinity): number {
  let bytes = 0;
  const pending: unknown[] = [value];
  while (pending.length && bytes <= atMost) {
    const item = pending.pop();
    if (typeof item === 'string') bytes += item.length > atMost ? item.length + 2 : stringBytes(item);
    else if (Array.isArray(item)) {
      bytes += 2 + Math.max(item.length - 1, 0); // brackets and commas: each item takes a byte at least, so few are queued past atMost
      if (bytes <= atMost) for (const member of item) pending.push(member === undefined ? null : member);
    } else if (isObject(item)) {
      const names = Object.keys(item).filter((name) => item[name] !== undefined);
      bytes += 2 + Math.max(names.length - 1, 0) + names.length; // braces, commas and colons
      for (const name of names) {
        if (bytes > atMost) break;
        bytes += name.length > atMost ? name.length + 2 : stringBytes(name);
        pending.push(item[name]);
      }
    } else bytes += (JSON.stringify(item) ?? 'null').length; // numbers, booleans, null: ASCII
  }
  return bytes;
}

/** A string's bytes as JSON.stringify writes it: quoted, escaped (`\n`, `\u001f`, a lone surrogate as `\udc00`), UTF-8. */
function stringBytes(text: string): number {
  let bytes = 2;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x22 || code === 0x5c || code === 8 || code === 9 || code === 10 || code === 12 || code === 13)
      bytes += 2;
    else if (code < 0x20) bytes += 6;
    else if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code < 0xd800 || code > 0xdfff) bytes += 3;
    else if (code <= 0xdbff && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      bytes += 4; // a pair: one character of four bytes
      index += 1;
    } else bytes += 6; // a lone surrogate, escaped
  }
  return bytes;
}

import { BACKSLASH, COLON, QUOTE } from '../../../lib/json-codes.js';

/** A shard's record line: its key as the line writes it (JSON), the key, and the record's text; or the whole line, when it does not start with a key. */
export type SplitLine = { keyText: string; key: string; record: string; line: number } | { text: string; line: number };

/** A record line as text: the key as written, its colon, the record. */
export function recordLineText(line: SplitLine): string {
  return 'text' in line ? line.text : `${line.keyText}:${line.record}`;
}

/**
 * A record line's key, as written and parsed, and its record's text: each decoded
 * on its own, so the record's string holds the record alone. Undefined when the
 * line does not start with a JSON string and a colon. No byte of a multi-byte
 * UTF-8 sequence is a quote or a backslash, so the bytes can be searched.
 */
export function splitRecordLine(line: Buffer, number: number): SplitLine | undefined {
  if (line[0] !== QUOTE) return undefined;
  let escaped = false;
  for (let index = 1; index < line.length; index++) {
    const byte = line[index];
    if (byte === BACKSLASH) {
      escaped = true;
      index++; // the next character is escaped
    } else if (byte === QUOTE) {
      if (line[index + 1] !== COLON) return undefined;
      const keyText = line.toString('utf8', 0, index + 1);
      let key: string;
      try {
        key = escaped ? (JSON.parse(keyText) as string) : line.toString('utf8', 1, index);
      } catch {
        return undefined; // not a JSON string: takeOne says where
      }
      return { keyText, key, record: line.toString('utf8', index + 2), line: number };
    }
  }
  return undefined;
}

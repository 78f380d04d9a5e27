// Control characters (C0, DEL, C1), line and paragraph separators and bidi controls: printed raw, each can
// end a line or make it read as another (a recorded path holding "\r\n" could forge a line of its own).
// eslint-disable-next-line no-control-regex -- these are the characters it escapes
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `text` with each control character escaped (`\r`, `\n`, `\t`, else `\u001b`): safe to print as one line. */
export function printable(text: string): string {
  return text.replace(
    UNPRINTABLE,
    (character) => NAMED[character] ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

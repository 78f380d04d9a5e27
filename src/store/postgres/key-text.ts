/** Characters stored as they are: no NUL or U+0001, no surrogates, nothing at or above U+E000. */
// eslint-disable-next-line no-control-regex -- NUL and U+0001 are exactly what must be escaped
const PLAIN = /^[\u0002-\ud7ff]*$/;
const ESCAPE = '\u0001';
/** Code units from here up (surrogates and U+E000–U+FFFF) move up by SHIFT, past the surrogates. */
const HIGH = 0xd800;
const SHIFT = 0x800;

/**
 * A key (or group) as PostgreSQL text. Keys are JavaScript strings: UTF-16 code units,
 * NUL and lone surrogates included, which text cannot hold. Each code unit becomes one
 * or two characters, in the same order, so keys compared COLLATE "C" (code point order)
 * sort exactly as the other stores sort them (code unit order):
 * 0x0000 → U+0001 U+0001; 0x0001 → U+0001 U+0002; 0x0002–0xD7FF → itself;
 * 0xD800–0xFFFF → U+E000–U+107FF. Everyday keys (ASCII, most scripts) are stored as they are.
 */
export function keyToText(key: string): string {
  if (PLAIN.test(key)) return key;
  let text = '';
  for (let index = 0; index < key.length; index++) {
    const unit = key.charCodeAt(index);
    if (unit < 2) text += ESCAPE + String.fromCharCode(unit + 1);
    else if (unit < HIGH) text += String.fromCharCode(unit);
    else text += String.fromCodePoint(unit + SHIFT);
  }
  return text;
}

/** The key that `keyToText` stored as `text`. */
export function textToKey(text: string): string {
  if (PLAIN.test(text)) return text;
  let key = '';
  let escaped = false;
  for (const character of text) {
    const point = character.codePointAt(0) ?? 0;
    if (escaped) key += String.fromCharCode(point - 1);
    else if (character !== ESCAPE) key += String.fromCharCode(point < HIGH ? point : point - SHIFT);
    escaped = !escaped && character === ESCAPE;
  }
  return key;
}

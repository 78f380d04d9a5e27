import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, COMMA, OPEN_BRACE, OPEN_BRACKET, QUOTE } from './json-codes.js';

type Frame = { object: boolean; name: string; index: number };

/**
 * The path (member names, array indexes) to what starts at `offset` in `text`, JSON that JSON.parse took: the value
 * there, or the member whose name is there. One pass up to `offset`, for a refusal only (iJsonFault).
 */
export function pointerAt(text: string, offset: number): string[] {
  const frames: Frame[] = [];
  let nameNext = false;
  for (let at = 0; at < offset; at++) {
    const code = text.charCodeAt(at);
    const frame = frames[frames.length - 1];
    if (code === QUOTE) {
      const end = stringEnd(text, at);
      if (nameNext && frame) frame.name = JSON.parse(text.slice(at, end + 1)) as string;
      nameNext = false;
      at = end;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      frames.push({ object: code === OPEN_BRACE, name: '', index: 0 });
      nameNext = code === OPEN_BRACE;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      frames.pop();
    } else if (code === COMMA && frame) {
      if (frame.object) nameNext = true;
      else frame.index++;
    }
  }
  const innermost = frames[frames.length - 1];
  if (nameNext && innermost) innermost.name = JSON.parse(text.slice(offset, stringEnd(text, offset) + 1)) as string;
  return frames.map((frame) => (frame.object ? frame.name : String(frame.index)));
}

/** Where the string starting at `start` ends: its closing quote. */
function stringEnd(text: string, start: number): number {
  let at = start + 1;
  while (text.charCodeAt(at) !== QUOTE) at += text.charCodeAt(at) === BACKSLASH ? 2 : 1;
  return at;
}

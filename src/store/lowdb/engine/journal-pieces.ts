import { open } from 'node:fs/promises';

const NEWLINE = 0x0a;

/**
 * A stretch of a journal file, with the byte offset it starts at: a line's bytes (without its newline; `ended` when a
 * newline ends it, not a zero byte or the end of the file), or a run of zero bytes. No line of UTF-8 JSON holds a
 * zero byte, so zeros are never part of a line: they are the zeros filled ahead of the entries, or a hole.
 */
export type Piece =
  { kind: 'line'; at: number; bytes: Buffer; ended: boolean } | { kind: 'zeros'; at: number; length: number };

/**
 * Calls `onPiece` with each piece of the file at `path`, in order, to its very end (past any zeros), and resolves to
 * the file's length. A line's bytes are a view valid only during the call; no buffer is longer than the longest line
 * or a chunk.
 */
export async function readPieces(path: string, onPiece: (piece: Piece) => void, chunkBytes: number): Promise<number> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(chunkBytes);
    let position = 0;
    let begun: { at: number; parts: Buffer[] } | undefined; // a line begun in an earlier chunk
    let zeros: { at: number; length: number } | undefined; // a run of zeros not reported yet
    const line = (at: number, bytes: Buffer, ended: boolean) => {
      const whole = begun ? Buffer.concat([...begun.parts, bytes]) : bytes;
      onPiece({ kind: 'line', at: begun?.at ?? at, bytes: whole, ended });
      begun = undefined;
    };
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, chunkBytes, position);
      if (bytesRead === 0) break;
      const chunk = buffer.subarray(0, bytesRead);
      let next = chunk.indexOf(0); // the next zero byte at or after `start`, or -1
      for (let start = 0; start < bytesRead;) {
        if (chunk[start] === 0) {
          if (begun) line(position + start, chunk.subarray(start, start), false);
          let end = start;
          while (end < bytesRead && chunk[end] === 0) end++;
          if (zeros) zeros.length += end - start;
          else zeros = { at: position + start, length: end - start };
          start = end;
          next = chunk.indexOf(0, start);
          continue;
        }
        if (zeros) onPiece({ kind: 'zeros', ...zeros });
        zeros = undefined;
        const newline = chunk.indexOf(NEWLINE, start);
        const stop = Math.min(newline === -1 ? bytesRead : newline, next === -1 ? bytesRead : next);
        if (stop === bytesRead) {
          (begun ??= { at: position + start, parts: [] }).parts.push(Buffer.from(chunk.subarray(start))); // read into again
          break;
        }
        line(position + start, chunk.subarray(start, stop), stop === newline);
        start = stop === newline ? stop + 1 : stop;
      }
      position += bytesRead;
    }
    if (begun) line(position, Buffer.alloc(0), false);
    if (zeros) onPiece({ kind: 'zeros', ...zeros });
    return position;
  } finally {
    await file.close();
  }
}

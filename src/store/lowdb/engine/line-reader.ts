import { open } from 'node:fs/promises';

const NEWLINE = 0x0a;

/**
 * Calls `onLine` with each newline-terminated line of a file, decoded as UTF-8
 * without its newline, and the line's length in bytes; resolves to what follows
 * the last newline ('' when the file ends with one). No string is longer than the
 * longest line. No UTF-8 sequence holds the newline byte, so splitting the bytes
 * splits the text. Shards are read many at once: `chunkBytes` stays small.
 */
export function readLines(
  path: string,
  onLine: (line: string, bytes: number) => void,
  options?: ReadOptions,
): Promise<string> {
  return readLineBytes(path, (line) => onLine(line.toString('utf8'), line.length), options);
}

export interface ReadOptions {
  /** Bytes read at a time. */
  chunkBytes?: number;
}

/**
 * As readLines, each line as its bytes: a view, valid only during the call, so a
 * caller decodes the parts it keeps, each a string of its own (a slice of a line
 * would keep the whole line alive for as long as the part).
 */
export async function readLineBytes(
  path: string,
  onLine: (line: Buffer) => void,
  { chunkBytes = 64 * 1024 }: ReadOptions = {},
): Promise<string> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(chunkBytes);
    let pending: Buffer[] = []; // the start of a line that began in an earlier chunk
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, chunkBytes, null);
      if (bytesRead === 0) break;
      const chunk = buffer.subarray(0, bytesRead);
      let start = 0;
      for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
        if (pending.length === 0) {
          onLine(chunk.subarray(start, end));
        } else {
          const line = Buffer.concat([...pending, chunk.subarray(start, end)]);
          pending = [];
          onLine(line);
        }
        start = end + 1;
      }
      if (start < bytesRead) pending.push(Buffer.from(chunk.subarray(start))); // a copy: the buffer is read into again
    }
    return Buffer.concat(pending).toString('utf8');
  } finally {
    await file.close();
  }
}

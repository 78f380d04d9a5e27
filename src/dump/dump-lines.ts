import { open } from 'node:fs/promises';

const NEWLINE = 0x0a;
const READ_BYTES = 1024 * 1024;
/** Longer than any record the service can store (a body is at most BODY_LIMIT): a file with such a line is no dump. */
const MOST_LINE_BYTES = 256 * 1024 * 1024;

export interface Line {
  /** 1 for the first line. */
  number: number;
  text: string;
  /** The line's bytes, without its newline (a view: valid until the next line is asked for). */
  bytes: Buffer;
  /** Whether a newline ended it; only a file's last line may lack one. */
  ended: boolean;
}

/** A problem found in a dump; `line` names where, when it is one line's. */
export class DumpError extends Error {
  constructor(
    readonly path: string,
    readonly line: number | undefined,
    problem: string,
  ) {
    super(`${path}${line === undefined ? '' : `, line ${line}`}: ${problem}`);
    this.name = 'DumpError';
  }
}

/** The lines of a file, decoded as UTF-8, read a chunk at a time: memory stays flat in the file's size. */
export async function* linesOf(path: string): AsyncGenerator<Line> {
  const file = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
    throw new DumpError(path, undefined, `cannot be read (${error.code ?? error.message})`);
  });
  try {
    const buffer = Buffer.allocUnsafe(READ_BYTES);
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let number = 0;
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, READ_BYTES, null);
      if (bytesRead === 0) break;
      const chunk = buffer.subarray(0, bytesRead);
      let start = 0;
      for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
        const bytes =
          pending.length === 0 ? chunk.subarray(start, end) : Buffer.concat([...pending, chunk.subarray(start, end)]);
        pending = [];
        pendingBytes = 0;
        yield { number: ++number, text: bytes.toString('utf8'), bytes, ended: true };
        start = end + 1;
      }
      if (start < bytesRead) {
        pending.push(Buffer.from(chunk.subarray(start))); // a copy: the buffer is read into again
        pendingBytes += bytesRead - start;
        if (pendingBytes > MOST_LINE_BYTES)
          throw new DumpError(path, number + 1, 'is longer than any record can be: this is not a dump');
      }
    }
    if (pending.length > 0) {
      const bytes = Buffer.concat(pending);
      yield { number: ++number, text: bytes.toString('utf8'), bytes, ended: false };
    }
  } finally {
    await file.close();
  }
}

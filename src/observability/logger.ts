import type { IncomingMessage } from 'node:http';
import { pino, type DestinationStream, type LevelWithSilent, type Logger } from 'pino';
import pretty from 'pino-pretty';
import { Counter } from 'prom-client';
import type { SonicBoom } from 'sonic-boom';

export const LOG_LEVELS: readonly LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * The service's logger: JSON lines on stdout, or readable lines when stdout is a
 * terminal. A request is logged as its id and method only, so no header (the
 * Authorization header included), body or raw path ever reaches a line.
 */
export function createLogger(level: LevelWithSilent, destination: DestinationStream = stdout()): Logger {
  return pino(
    { level, serializers: { req: (req: IncomingMessage & { id?: unknown }) => ({ id: req.id, method: req.method }) } },
    destination,
  );
}

/** Readable lines on a terminal, else JSON lines (logDestination) holding at most `bufferBytes` while stdout takes none. */
export function stdout(bufferBytes = LOG_BUFFER_BYTES): DestinationStream {
  return process.stdout.isTTY ? pretty({ colorize: true }) : logDestination(1, bufferBytes);
}

/**
 * The lines held, in bytes, while the destination takes none (LOG_BUFFER_MAX_BYTES): a log collector that stops
 * reading stdout must not make the process hold every request's line until it dies of it. Some 55,000 request
 * lines, about eight seconds of a busy instance's log.
 */
export const LOG_BUFFER_BYTES = 16 * 1024 ** 2;

/** Lines past LOG_BUFFER_MAX_BYTES, dropped rather than held. */
const droppedLines = new Counter({
  name: 'log_lines_dropped_total',
  help: 'Log lines dropped, not written: stdout had not taken the LOG_BUFFER_MAX_BYTES of lines before them.',
});

/** Lines are written once this many bytes are pending (or every 250 ms)... */
const LOG_BLOCK_BYTES = 32 * 1024;
/** ...in writes of at most this many bytes. */
export const LOG_WRITE_BYTES = 64 * 1024;

/**
 * Where JSON lines go: a file descriptor or a path, written in the background in
 * blocks of 32 KiB, or after at most 250 ms when fewer lines come. One write per
 * request cost more than the rest of logging, and 4 KiB blocks twice the write cost
 * per line of 32 KiB ones (1.0 against 0.55 µs); the 250 ms bound, not the block,
 * limits what waits. What is pending is written when the process exits, and only a
 * kill without exit (SIGKILL) can lose it. While the destination takes nothing (a log
 * collector stuck, a pipe nobody reads), at most `bufferBytes` of lines are held; the
 * lines past it are dropped and counted (`log_lines_dropped_total`).
 */
export function logDestination(dest: number | string, bufferBytes = LOG_BUFFER_BYTES): DestinationStream {
  const destination = pino.destination({
    dest,
    sync: false,
    minLength: LOG_BLOCK_BYTES,
    maxWrite: LOG_WRITE_BYTES,
    maxLength: bufferBytes,
    periodicFlush: 250,
  });
  destination.on('drop', () => droppedLines.inc());
  return destination;
}

/**
 * Writes out the lines held within `withinMs`, or gives them up: once the process exits, pino writes what is left
 * synchronously, and a write to a stdout nobody reads would keep the process from exiting for ever. Resolves to
 * whether they were written. A terminal's stream (pino-pretty) is left as it is.
 */
export async function settleLog(destination: DestinationStream, withinMs: number): Promise<boolean> {
  const { flush, destroy } = destination as Partial<SonicBoom>;
  if (flush === undefined || destroy === undefined) return true;
  const written = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), withinMs);
    flush.call(destination, () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  if (!written) destroy.call(destination);
  return written;
}

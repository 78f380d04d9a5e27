import type { IncomingMessage } from 'node:http';
import { pino, type DestinationStream, type LevelWithSilent, type Logger } from 'pino';
import pretty from 'pino-pretty';

export const LOG_LEVELS: readonly LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * The service's logger: JSON lines on stdout, or readable lines when stdout is a
 * terminal. A request is logged as its id and method only, so no header (the
 * Authorization header included), body or raw path ever reaches a line.
 */
export function createLogger(level: LevelWithSilent, destination: DestinationStream = stdout()): Logger {
  return pino({ level, serializers: { req: (req: IncomingMessage & { id?: unknown }) => ({ id: req.id, method: req.method }) } }, destination);
}

/** Readable lines on a terminal, else JSON lines (logDestination). */
function stdout(): DestinationStream {
  return process.stdout.isTTY ? pretty({ colorize: true }) : logDestination(1);
}

/**
 * Where JSON lines go: a file descriptor or a path, written in the background in
 * blocks of 4 KiB, or after at most 250 ms when fewer lines come. One write per
 * request cost more than the rest of logging; what is pending is written when the
 * process exits, and only a kill without exit (SIGKILL) can lose it.
 */
export function logDestination(dest: number | string): DestinationStream {
  return pino.destination({ dest, sync: false, minLength: 4096, periodicFlush: 250 });
}

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

/** Asynchronous writes; pino flushes what is pending when the process exits. */
function stdout(): DestinationStream {
  return process.stdout.isTTY ? pretty({ colorize: true }) : pino.destination({ dest: 1, sync: false });
}

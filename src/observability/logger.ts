import { pino, type DestinationStream, type LevelWithSilent, type Logger } from 'pino';
import pretty from 'pino-pretty';

export const LOG_LEVELS: readonly LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * The service's logger: JSON lines on stdout, or readable lines when stdout is a
 * terminal. Request headers are not logged; should a line ever carry them, the
 * Authorization header is censored.
 */
export function createLogger(level: LevelWithSilent, destination: DestinationStream = stdout()): Logger {
  return pino({ level, redact: { paths: ['req.headers.authorization', 'headers.authorization'], censor: '[redacted]' } }, destination);
}

/** Asynchronous writes; pino flushes what is pending when the process exits. */
function stdout(): DestinationStream {
  return process.stdout.isTTY ? pretty({ colorize: true }) : pino.destination({ dest: 1, sync: false });
}

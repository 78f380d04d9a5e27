import { once } from 'node:events';
import type { ChildProcess } from 'node:child_process';

// Log lines are JSON; tests read whatever the service wrote.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LogLine = Record<string, any>;

export interface Logs {
  /** The complete JSON lines written to stdout since `readLogs` was called. */
  lines(): LogLine[];
  /** The first line that matches, once it has been written (no deadline but the test's). */
  waitFor(match: (line: LogLine) => boolean): Promise<LogLine>;
}

/** Reads a server process's stdout as JSON log lines from now on. */
export function readLogs(child: ChildProcess): Logs {
  const stdout = child.stdout!;
  let text = '';
  stdout.on('data', (chunk: Buffer) => {
    text += String(chunk);
  });
  const lines = () =>
    text
      .split('\n')
      .slice(0, -1)
      .map((line) => JSON.parse(line) as LogLine);
  return {
    lines,
    async waitFor(match) {
      for (;;) {
        const found = lines().find(match);
        if (found) return found;
        await once(stdout, 'data');
      }
    },
  };
}

/** The JSON log lines among everything a server process has written (its stdout and stderr, as they came). */
export function jsonLines(server: { output(): string }): LogLine[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

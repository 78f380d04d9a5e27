import type { Server, ServerResponse } from 'node:http';
import type { ShutdownTimes } from '../config/load-config.js';
import { setTimeout as sleep } from 'node:timers/promises';

/** Whether the process is stopping: /readyz answers 503 from the signal on. */
export interface Stopping {
  stopping: boolean;
}

/**
 * Graceful shutdown for `server`, readiness first: `stop()` sets `state.stopping`, so /readyz answers 503 at
 * once and serves everything else as before for `delayMs` (a balancer takes the
 * instance out of rotation meanwhile); then the listener closes, idle kept-alive
 * connections are closed, and every answer from then on carries `Connection: close`;
 * requests in flight get `timeoutMs` to finish before their connections are cut.
 * Resolves once no connection is left.
 */
export function gracefulShutdown(
  server: Server,
  times: ShutdownTimes,
  state: Stopping,
  say: (line: string) => void,
): { stop(signal: string): Promise<void> } {
  let closing = false;
  const unanswered = new Set<ServerResponse>();
  // Before the app: once the listener is closed, every answer tells its client to go elsewhere, on a kept-alive
  // connection too; answers still owed when it closes are told as well.
  server.prependListener('request', (_req, res) => {
    if (closing) return void res.setHeader('Connection', 'close');
    unanswered.add(res);
    res.once('close', () => unanswered.delete(res));
  });
  return {
    async stop(signal) {
      state.stopping = true;
      say(
        `${signal}: /readyz answers 503 from now; everything else is served for ${seconds(times.delayMs)} (SHUTDOWN_DELAY), then the listener closes`,
      );
      await sleep(times.delayMs);
      closing = true;
      for (const res of unanswered) if (!res.headersSent) res.setHeader('Connection', 'close');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      say(`Listener closed: requests in flight get ${seconds(times.timeoutMs)} to finish (SHUTDOWN_TIMEOUT)`);
      const late = sleep(times.timeoutMs, 'late' as const, { ref: false });
      if ((await Promise.race([closed, late])) === 'late') {
        say(`Requests still in flight after ${seconds(times.timeoutMs)}: their connections are cut`);
        server.closeAllConnections();
        await closed;
      }
    },
  };
}

const seconds = (ms: number) => `${ms / 1000} s`;

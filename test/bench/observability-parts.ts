// What a request's log line and its RED metrics cost, by part, measured alone in this process (the load's core,
// after the rounds): the line made by pino into a destination that drops it (its serialization), the same line into
// the service's destination, a file (its write, in blocks, the background writes' CPU included), the histogram's
// observation with its labels, and what the observer does per request besides (the in-flight gauge, the 'close'
// listener, the clock). Each is timed over many calls, as process CPU (every thread), after a warm-up.
import { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { recordRequest, requestsInFlight } from '../../src/observability/http-metrics.js';
import { createLogger, logDestination, settleLog } from '../../src/observability/logger.js';
import { logRequest } from '../../src/observability/request-log.js';

const CALLS = 200_000;
const ROUTE = '/api/notifications/devices';

/** µs of process CPU one call of `work` takes (the median of three runs of CALLS). */
async function cpuPerCall(
  work: (index: number) => void,
  settle: () => Promise<void> = async () => {},
): Promise<number> {
  const runs: number[] = [];
  for (let run = 0; run < 4; run++) {
    const before = process.cpuUsage();
    for (let index = 0; index < CALLS; index++) work(index);
    await settle();
    const used = process.cpuUsage(before);
    if (run > 0) runs.push((used.user + used.system) / CALLS); // the first warms up
  }
  return runs.sort((a, b) => a - b)[1]!;
}

const lineOf = (index: number) => ({
  requestId: `5f0c6b1e-3f4a-4d2b-9c1a-${String(index).padStart(12, '0')}`,
  method: 'PUT',
  route: ROUTE,
  status: 200,
  userId: 'local',
  responseTime: 3,
});

/** A line of each part's µs a request, and their sum against `validatedUs`, a validated request's CPU. */
export async function observabilityParts(validatedUs: number | undefined): Promise<string> {
  const dropped = createLogger('info', { write: () => {} });
  const serialize = await cpuPerCall((index) => logRequest(dropped, lineOf(index), true, undefined));
  const folder = await mkdtemp(join(tmpdir(), 'collab-bench-log-'));
  const destination = logDestination(join(folder, 'requests.log'));
  const written: Logger = createLogger('info', destination);
  const line = await cpuPerCall(
    (index) => logRequest(written, lineOf(index), true, undefined),
    async () => void (await settleLog(destination, 10_000)),
  );
  await rm(folder, { recursive: true, force: true });
  const histogram = await cpuPerCall((index) => recordRequest('PUT', ROUTE, 200, (index % 50) / 10_000));
  const observer = await cpuPerCall(() => {
    const res = new EventEmitter();
    const started = performance.now();
    requestsInFlight.inc();
    res.on('close', () => {
      requestsInFlight.dec();
      return performance.now() - started;
    });
    res.emit('close');
  });
  const total = line + histogram + observer;
  const share =
    validatedUs === undefined
      ? ''
      : ` (${((100 * total) / validatedUs).toFixed(1)}% of a validated request's ${validatedUs.toFixed(1)} µs)`;
  return (
    `logs and metrics by part, µs of CPU a request, measured alone: the log line ${line.toFixed(2)} (its serialization ${serialize.toFixed(2)}, ` +
    `its write ${(line - serialize).toFixed(2)}), the histogram with its labels ${histogram.toFixed(2)}, the observer's own ${observer.toFixed(2)}; ` +
    `together ${total.toFixed(2)}${share}`
  );
}

// npm run bench:flood (and the end of npm run bench): one user floods a server process with heavy and broken requests
// on 64 connections while another writes (test/helpers/flood.ts, as test/system/flood.test.ts runs it); the other user's
// latency, three floods. Target: p99 under 1 s.
import { flood, quantile, startFloodTarget } from '../helpers/flood.js';
import { stop } from '../helpers/process.js';
import { row } from './harness.js';

const ROUNDS = 3;
const TARGET_MS = 1_000;

console.log(
  `One user floods the service (default limits) while another writes, ${ROUNDS} floods of 6 s; target: the other user's p99 under ${TARGET_MS} ms`,
);
console.log('');
console.log(row(['flood', "the flooder's answers", "the other user's writes", 'failed', 'p50 ms', 'p99 ms']));
console.log(row(['---', '---', '---', '---', '---', '---']));
for (let round = 1; round <= ROUNDS; round++) {
  const server = await startFloodTarget();
  const { attacked, statuses, latencies } = await flood(server);
  await stop(server, 'SIGTERM');
  const failed = statuses.filter((status) => status !== 200).length;
  console.log(
    row([
      round,
      JSON.stringify(attacked),
      statuses.length,
      failed,
      quantile(latencies, 0.5).toFixed(0),
      quantile(latencies, 0.99).toFixed(0),
    ]),
  );
}

// The bench's last line: sustained writes, one user's new devices on lowdb for BENCH_SUSTAINED_SECONDS, its
// checkpoints included (the journal checkpoints every 16 MiB here, so a run of 20 s writes several).
import { load, newDevicePut, serveWith } from './harness.js';

const SUSTAINED_SECONDS = Number(process.env.BENCH_SUSTAINED_SECONDS ?? 20);

export async function printSustained(): Promise<void> {
  const sustained = await serveWith(
    { env: { JOURNAL_CHECKPOINT_BYTES: '16mb', BENCH_PROMOTION: '1' } },
    'durable',
    '0',
  );
  await sustained.toggleStallWindow();
  const written = await load(sustained.port, newDevicePut, SUSTAINED_SECONDS);
  await sustained.toggleStallWindow();
  const { loopMaxMs, checkpoints, maxRssMb, promotedBytes } = await sustained.stop();
  console.log('');
  console.log(
    `${SUSTAINED_SECONDS} s of new devices by one user on lowdb: ${written.requests.total} written, ${Math.round(written.requests.average)} requests/s, p99 ${written.latency.p99} ms, ${checkpoints} checkpoints, peak RSS ${Math.round(maxRssMb)} MiB, ${Math.round(promotedBytes / written.requests.total)} bytes a request promoted by scavenges (a new device keeps about 1,000); longest event-loop stall ${loopMaxMs.toFixed(1)} ms (target: under 100 ms)`,
  );
}

// npm run bench:memory: what the lowdb store holds per stored byte, and how long it takes to open again, for a store
// filled to its stated size (BENCH_MEMORY_BYTES, default 256mb) with each shape of memory-shapes.ts. Each fill and
// each open is a process of its own (memory-fill.ts), so a peak RSS is that step's alone.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseSize } from '../../src/config/parse.js';
import { SHAPES } from './memory-shapes.js';

const BYTES = parseSize(process.env.BENCH_MEMORY_BYTES ?? '256mb', 'BENCH_MEMORY_BYTES');
const ONLY = process.env.BENCH_MEMORY_SHAPES?.split(',');

interface Measured {
  stored: number;
  records: number;
  heapMb: number;
  rssMb: number;
  peakRssMb: number;
  fillSeconds?: number;
  openSeconds?: number;
}

function step(...args: string[]): Measured {
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'test/bench/memory-fill.ts', ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = run.stdout.trim().split('\n').at(-1);
  if (run.status !== 0 || !line) throw new Error(`memory-fill.ts ${args.join(' ')} failed (${run.status})`);
  return JSON.parse(line) as Measured;
}

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
console.log(`lowdb filled to its stated size of ${mb(BYTES)} MiB, per shape (heap after a full collection)\n`);
console.log(
  '| shape | stored MiB | records | heap / stored, filled | open s | heap / stored, opened | RSS / stored, opened | peak RSS at open MiB |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const [name] of Object.entries(SHAPES).filter(([name]) => !ONLY || ONLY.some((part) => name.includes(part)))) {
  const folder = await mkdtemp(join(tmpdir(), 'collab-bench-memory-'));
  try {
    const filled = step('fill', name, String(BYTES), folder);
    const opened = step('open', folder);
    const per = (mib: number) => ((mib * 2 ** 20) / filled.stored).toFixed(2);
    console.log(
      `| ${name} | ${mb(filled.stored)} | ${filled.records} | ${per(filled.heapMb)} | ${opened.openSeconds?.toFixed(1)} | ${per(opened.heapMb)} | ${per(opened.rssMb)} | ${opened.peakRssMb.toFixed(0)} |`,
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

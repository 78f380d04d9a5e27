// One process of npm run bench:memory (memory.ts): `fill SHAPE BYTES FOLDER` fills a new lowdb store in FOLDER
// with records of SHAPE until its stated size (BYTES) refuses the next, then closes it; `open FOLDER` opens it again.
// Each prints one JSON line: the stored bytes and records, the heap after a full collection, RSS now and at its peak,
// and the time the open took. Run with --expose-gc.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { register } from 'prom-client';
import { storeReports } from '../../src/observability/store-reports.js';
import { openLowdbStore } from '../../src/store/lowdb/lowdb-store.js';
import { keyOf, StoreFullError } from '../../src/store/store.js';
import { SHAPES, type Shape } from './memory-shapes.js';

const [mode = 'open', ...args] = process.argv.slice(2);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

async function gauge(name: string): Promise<number> {
  const metric = await register.getSingleMetric(name)?.get();
  return metric?.values[0]?.value ?? 0;
}

async function measured(extra: Record<string, number>): Promise<void> {
  gc!();
  const stored = await gauge('store_bytes');
  const records = await gauge('store_records');
  const { heapUsed, rss } = process.memoryUsage();
  const line = {
    stored,
    records,
    heapMb: heapUsed / 2 ** 20,
    rssMb: rss / 2 ** 20,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    ...extra,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

if (mode === 'fill') {
  const [shapeName = 'small records (read markers)', bytes = '0', folder = ''] = args;
  const shape: Shape | undefined = SHAPES[shapeName];
  if (!shape) throw new Error(`no shape ${shapeName}`);
  const store = await openLowdbStore(join(folder, 'db.json'), { storeMaxBytes: Number(bytes), hooks: storeReports });
  const started = performance.now();
  let full = false;
  for (let index = 0; !full; index += 100) {
    // 100 at a time, as concurrent requests would come, until the stated size refuses one.
    await Promise.all(
      Array.from({ length: 100 }, (_, offset) => {
        const [owner, id] = [`user-${(index + offset) % 8}`, randomUUID()];
        const group = shape.grouped ? { group: keyOf(owner, id) } : {};
        return store
          .update(shape.collection, keyOf(owner, id, ''), () => shape.value(), { owner, ...group })
          .catch((error: unknown) => {
            if (!(error instanceof StoreFullError)) throw error;
            full = true;
          });
      }),
    );
  }
  const fillSeconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 200)); // the last batch's requests are let go a turn or two after they are answered
  await measured({ fillSeconds });
  await store.close();
} else {
  const [folder = ''] = args;
  const started = performance.now();
  const store = await openLowdbStore(join(folder, 'db.json'), { hooks: storeReports }); // the store_bytes and store_records read above
  const openSeconds = (performance.now() - started) / 1000;
  await measured({ openSeconds });
  await store.close();
}

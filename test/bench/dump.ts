// npm run bench:dump (and the end of npm run bench): make export and make import at
// BENCH_DUMP_RECORDS records (100000 by default), each a command in a process of its own as
// an operator runs it, with its rate and its peak memory (as the command itself reports them:
// the work from reading its settings to its last line; starting Node and tsx is not counted).
// The store is seeded through the handlers: a mix of read markers, devices, identity settings
// and streams of 1,000 users. Target: at least 20,000 records/s each way.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { registerDevice } from '../../src/features/devices/devices.js';
import { mergeDocument } from '../../src/features/shared/merge-document.js';
import { markRead } from '../../src/features/reads/reads.js';
import { SYSTEM_CLOCK } from '../../src/lib/clock.js';
import { openLowdbStore } from '../../src/store/lowdb/lowdb-store.js';
import { keyOf, type Store } from '../../src/store/store.js';
import { createStream } from '../../src/features/streams/streams.js';
import { startServerProcess, stop } from '../helpers/process.js';
import { freshDataFile } from '../helpers/service.js';
import { row } from './harness.js';
import { onFreshSchema } from './postgres.js';

const RECORDS = Number(process.env.BENCH_DUMP_RECORDS ?? 100_000);
const TARGET = 20_000;

/** One record of a realistic mix, written as the service writes it. */
function writeOne(store: Store, index: number): Promise<unknown> {
  const user = `user-${index % 1000}`;
  const kind = index % 20;
  const context = { store, clock: SYSTEM_CLOCK, caller: user };
  if (kind === 0) {
    return createStream(context, {
      id: SYSTEM_CLOCK.newId(),
      request: {
        title: `Stream ${index}`,
        memberUserIds: ['a', 'b'],
        initialMessage: {
          content: {
            blocks: [
              {
                type: 'rich_text',
                elements: [{ type: 'paragraph', children: [{ type: 'text', text: `Hello ${index}` }] }],
              },
            ],
          } as never,
        },
      },
    });
  }
  if (kind <= 3) {
    return registerDevice(context, {
      registration: {
        installationId: `install-${index}`,
        appId: 'com.example.chat',
        platform: 'mobile_a',
        token: 'x'.repeat(64),
        environment: 'production',
        transport: 'push_gateway',
        appVersion: '5.2.0',
        locale: 'de-DE',
      } as never,
    });
  }
  if (kind <= 5) {
    const namespace = `namespace-${index}`;
    return mergeDocument(context, {
      collection: 'identitySettings',
      key: keyOf(user, namespace),
      patch: { namespace, settings: { theme: 'dark', index } },
    });
  }
  return markRead(context, { marker: { streamId: randomUUID(), lastReadMessageId: randomUUID() } });
}

async function seed(dataFile: string): Promise<void> {
  const store = await openLowdbStore(dataFile, { storeMaxBytes: Number.MAX_SAFE_INTEGER });
  for (let start = 0; start < RECORDS; start += 1000) {
    await Promise.all(
      Array.from({ length: Math.min(1000, RECORDS - start) }, (_, offset) => writeOne(store, start + offset)),
    );
  }
  await store.close();
}

interface Result {
  step: string;
  seconds: number;
  perSecond: number;
  peakMb: number;
  note?: string;
}

/** Runs `npm run <command> -- <args>` on the store `env` names; its last line says what it took. */
async function run(
  step: string,
  command: 'export' | 'import',
  args: string[],
  env: Record<string, string>,
): Promise<Result> {
  const child = spawn(process.execPath, ['--import', 'tsx', `src/cli/${command}.ts`, ...args], {
    env: { ...process.env, DATABASE_URL: undefined, ...env }, // undefined: unset (spawn leaves it out)
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += String(chunk);
  });
  const [code] = await once(child, 'exit');
  const measured = /\(([\d.]+) s, (\d+) records\/s, peak memory (\d+) MB\)/.exec(output);
  if (code !== 0 || !measured) throw new Error(`${step}: npm run ${command} failed (${String(code)}): ${output}`);
  return { step, seconds: Number(measured[1]), perSecond: Number(measured[2]), peakMb: Number(measured[3]) };
}

/** The process's peak resident memory so far, from /proc (MB), or undefined. */
async function peakRssMb(pid: number): Promise<number | undefined> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  return kb === undefined ? undefined : Math.round(Number(kb) / 1024);
}

const results: Result[] = [];
const lowdb = await freshDataFile();
const seeding = performance.now();
await seed(lowdb);
const seeded = (performance.now() - seeding) / 1000;
const dumps = join(lowdb, '..');
results.push(
  await run('export lowdb, no service running (the command opens the store)', 'export', [join(dumps, 'offline.dump')], {
    DATA_FILE: lowdb,
  }),
);
const server = await startServerProcess(lowdb);
try {
  const before = await peakRssMb(server.child.pid!);
  const live = await run(
    'export lowdb from its live service (the service takes the snapshot)',
    'export',
    [join(dumps, 'live.dump')],
    { DATA_FILE: lowdb },
  );
  const after = await peakRssMb(server.child.pid!);
  if (before !== undefined && after !== undefined) live.note = `service peak RSS ${before} -> ${after} MB`;
  results.push(live);
} finally {
  await stop(server, 'SIGTERM');
}
const imported = await freshDataFile();
results.push(
  await run(
    'import into lowdb, empty (the command holds the store in memory, as the service does)',
    'import',
    [join(dumps, 'live.dump')],
    { DATA_FILE: imported },
  ),
);
results.push(
  await run(
    'import into lowdb again (already there: compared, nothing written)',
    'import',
    [join(dumps, 'live.dump')],
    { DATA_FILE: imported },
  ),
);
const postgres = await onFreshSchema(async (url) => [
  await run('import into PostgreSQL, empty schema (one transaction)', 'import', [join(dumps, 'live.dump')], {
    DATABASE_URL: url,
  }),
  await run(
    'import into PostgreSQL again (already there: compared, nothing written)',
    'import',
    [join(dumps, 'live.dump')],
    { DATABASE_URL: url },
  ),
  await run('export PostgreSQL (one REPEATABLE READ transaction)', 'export', [join(dumps, 'postgres.dump')], {
    DATABASE_URL: url,
  }),
]);
if (postgres.results) results.push(...postgres.results);

console.log('');
console.log(
  `Moving data: ${RECORDS} records (a mix of read markers, devices, identity settings and streams of 1000 users; seeded in ${seeded.toFixed(1)} s), Node ${process.version}, ${cpus().length} cores`,
);
console.log('');
console.log(row(['step', 'seconds', 'records/s', 'peak memory MB (the command)', 'note']));
console.log(row(['---', '---', '---', '---', '---']));
for (const result of results)
  console.log(row([result.step, result.seconds.toFixed(2), result.perSecond, result.peakMb, result.note ?? '']));
console.log('');
const slowest = (word: string) =>
  Math.min(...results.filter((result) => result.step.startsWith(word)).map((result) => result.perSecond));
console.log(
  `export: at least ${slowest('export')} records/s, import: at least ${slowest('import')} records/s (target: at least ${TARGET} each way)`,
);
if (!postgres.results) console.log(`PostgreSQL rows skipped: ${postgres.unreachable}; run test/tools/postgres.sh`);

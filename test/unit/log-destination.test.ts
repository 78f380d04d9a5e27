import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { register } from 'prom-client';
import type { SonicBoom } from 'sonic-boom';
import { HEAP_PER_LOG_BYTE } from '../../src/config/heap-budget.js';
import { collectAllGarbage } from '../../src/lib/collect-garbage.js';
import { LOG_WRITE_BYTES, logDestination } from '../../src/observability/logger.js';

describe('log destination (lines buffered and written in blocks)', () => {
  it('when lines come faster than writes finish, then every line arrives once, in order, in writes of at most 64 KiB', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'collab-log-')), 'lines.log');
    const destination = logDestination(file) as SonicBoom;
    await once(destination, 'ready');
    const writes: number[] = [];
    destination.on('write', (bytes: number) => writes.push(bytes));
    // Multi-byte lines: a block's size in bytes is not its length in characters.
    const lines = Array.from(
      { length: 20_000 },
      (_, index) => `${JSON.stringify({ index, text: 'Grüße, 世界 '.repeat(index % 40) })}\n`,
    );
    for (const [index, line] of lines.entries()) {
      destination.write(line);
      if (index % 2000 === 0) await new Promise((resolve) => setImmediate(resolve)); // a write is under way here
    }
    destination.end();
    await once(destination, 'close');

    expect(await readFile(file, 'utf8')).to.equal(lines.join(''));
    expect(Math.max(...writes), 'largest write').to.be.at.most(LOG_WRITE_BYTES);
    expect(writes.length, 'lines are written in blocks, not one by one').to.be.below(lines.length / 10);
  });

  it('when nothing reads the destination, then lines are held up to the bound: one that fits is kept, the next is dropped and counted; once it reads, every kept line arrives, whole and in order', async () => {
    const fifo = join(await mkdtemp(join(tmpdir(), 'collab-log-')), 'stdout');
    execFileSync('mkfifo', [fifo]);
    // No reader yet: the destination cannot even open it, as a collector that stopped reading takes nothing.
    const destination = logDestination(fifo, LOG_WRITE_BYTES) as SonicBoom;
    const dropped = async () =>
      (await register.getSingleMetric('log_lines_dropped_total')!.get()).values[0]?.value ?? 0;
    const before = await dropped();
    const line = (index: number) => `${JSON.stringify({ index, text: 'x'.repeat(1000) }).padEnd(1023)}\n`;
    const fits = LOG_WRITE_BYTES / 1024;
    const lines = Array.from({ length: fits }, (_, index) => line(index));
    for (const text of lines) destination.write(text);
    expect(await dropped(), 'at the bound').to.equal(before);
    destination.write(line(fits));
    destination.write(line(fits + 1));
    expect(await dropped(), 'past it').to.equal(before + 2);

    const reader = createReadStream(fifo);
    const chunks: Buffer[] = [];
    reader.on('data', (chunk) => chunks.push(chunk as Buffer));
    await once(destination, 'ready');
    destination.end();
    await once(reader, 'close');
    expect(Buffer.concat(chunks).toString()).to.equal(lines.join(''));
  });

  it("when 16 MiB of request lines are held, some beyond Latin-1, then they take at most what the heap's reserve counts for them (HEAP_PER_LOG_BYTE), once collected", async function () {
    this.timeout(120_000);
    const fifo = join(await mkdtemp(join(tmpdir(), 'collab-log-')), 'stdout');
    execFileSync('mkfifo', [fifo]);
    const bound = 16 * 1024 ** 2;
    const destination = logDestination(fifo, bound) as SonicBoom;
    let full = false;
    destination.on('drop', () => (full = true));
    collectAllGarbage();
    const before = process.memoryUsage().heapUsed;
    // Lines as the service writes them, each made on its own, as pino makes each; one in 50 names a user in kana.
    for (let index = 0; !full; index++) {
      const user = index % 50 === 0 ? `ユーザー-${index}` : `user-${index % 100}`;
      destination.write(
        `${JSON.stringify({ level: 30, time: Date.now(), req: { id: randomUUID(), method: 'PUT' }, user, route: '/api/notifications/devices', status: 201, ms: index / 1000, msg: 'request completed' })}\n`,
      );
    }
    collectAllGarbage();
    const held = process.memoryUsage().heapUsed - before;

    const reader = createReadStream(fifo);
    reader.resume();
    await once(destination, 'ready');
    destination.end();
    await once(reader, 'close');
    expect(held / bound, 'heap per byte held').to.be.within(1, HEAP_PER_LOG_BYTE);
  });
});

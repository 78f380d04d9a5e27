import { once } from 'node:events';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { SonicBoom } from 'sonic-boom';
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
});

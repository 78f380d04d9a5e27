import { rm, statfs, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { createLogger } from '../../src/observability/logger.js';
import { openLowdbStore } from '../../src/store/lowdb/lowdb-store.js';
import type { LowdbOptions } from '../../src/store/lowdb/lowdb-settings.js';
import { shardNumber } from '../../src/store/lowdb/engine/shards.js';
import { StoreUnavailableError, type Store } from '../../src/store/store.js';
import type { LogLine } from '../helpers/logs.js';
import { mountTmpfs, unmountTmpfs } from '../helpers/tmpfs.js';
import { needs } from '../helpers/needs.js';

const BLOB = 'x'.repeat(8 * 1024);

/** Log lines as they come, and a way to wait for one. */
function captureLogs() {
  const lines: LogLine[] = [];
  let arrived = () => {};
  const logger = createLogger('info', {
    write: (line: string) => {
      lines.push(JSON.parse(line) as LogLine);
      arrived();
    },
  });
  const count = (match: (line: LogLine) => boolean) => lines.filter(match).length;
  const waitFor = async (match: (line: LogLine) => boolean, times = 1) => {
    while (count(match) < times)
      await new Promise<void>((resolve) => {
        arrived = resolve;
      });
  };
  return { lines, logger, count, waitFor };
}

const failedCheckpoint = (line: LogLine) => line.level === 50 && /^Checkpoint failed/.test(line.msg);
const recovered = (line: LogLine) => /^Checkpoint written after/.test(line.msg);

describe('lowdb checkpoints that fail (a real full tmpfs)', function () {
  this.timeout(60_000);
  let mountPoint = '';
  let filler = '';
  let store: Store | undefined;

  before(async function () {
    const mounted = await mountTmpfs('2m');
    needs(this, mounted ? undefined : 'a tmpfs mount: run as root, where mount -t tmpfs works');
    if (!mounted) return;
    mountPoint = mounted;
    filler = join(mountPoint, 'filler');
  });
  afterEach(async () => {
    await store?.close().catch(() => {});
    store = undefined;
    await rm(filler, { force: true });
    await rm(join(mountPoint, 'store'), { recursive: true, force: true });
  });
  after(async () => {
    if (mountPoint) await unmountTmpfs(mountPoint);
  });

  /** A store, opened with `options`, whose shard of `key-*` records outgrows the space left once `fill` has run. */
  async function openFilling(options: LowdbOptions): Promise<{ keys: string[]; fill: () => Promise<void> }> {
    const dataFile = join(mountPoint, 'store', 'db.json');
    const keys = Array.from({ length: 20_000 }, (_, index) => `key-${index}`)
      .filter((key) => shardNumber(key, 256) === 3)
      .slice(0, 30);
    const filling = await openLowdbStore(dataFile, { checkpointBytes: 1024 ** 3 });
    for (const key of keys) await filling.update('streams', key, () => BLOB);
    await filling.close(); // every shard written: no checkpoint is under way when the disk fills
    store = await openLowdbStore(dataFile, options);
    return {
      keys,
      fill: async () => {
        const { bavail, bsize } = await statfs(mountPoint);
        await writeFile(filler, Buffer.alloc(bavail * bsize - 120 * 1024)); // room for the journal, not for the shard (240 KiB)
      },
    };
  }

  /** Changes to the big shard; while a checkpoint's shard write fills the disk, some may fail (503), which is not what these tests are about. */
  const change = async (keys: string[]) => {
    for (const key of keys) await store!.update('streams', key, () => `${BLOB}!`).catch(() => {});
  };

  it('when checkpoints keep failing, then each is logged at error level, tried again after waits that double up to their most, and the wait starts over after a success', async () => {
    const logs = captureLogs();
    const { keys, fill } = await openFilling({
      checkpointBytes: 16 * 1024,
      checkpointRetryMs: { first: 10, most: 40 },
      logger: logs.logger,
    });
    await fill();
    await change(keys.slice(0, 3));
    await logs.waitFor(failedCheckpoint, 5);
    const failures = logs.lines.filter(failedCheckpoint);
    expect(failures.slice(0, 5).map((line) => line.retryInMs)).to.deep.equal([10, 20, 40, 40, 40]);
    expect(failures[0]!.err).to.include({ code: 'ENOSPC' });

    await rm(filler);
    await logs.waitFor(recovered);
    const before = logs.count(failedCheckpoint);
    await fill();
    await change(keys.slice(3, 6));
    await logs.waitFor(failedCheckpoint, before + 1);
    expect(logs.lines.filter(failedCheckpoint)[before]!.retryInMs, 'after a success, the first wait again').to.equal(
      10,
    );
  });

  it('when the final checkpoint of a close fails, then close logs it and rejects saying the journal keeps every change; the next open has them all', async () => {
    const logs = captureLogs();
    const { keys, fill } = await openFilling({ logger: logs.logger });
    await fill();
    await store!.update('streams', keys[0]!, () => 'changed'); // the journal has room for this, the shard has not
    const closing = await store!.close().then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    store = undefined;
    expect(closing?.message).to.match(
      /^the final checkpoint failed \(ENOSPC.*\): the journal keeps every change, and the next start replays it$/,
    );
    expect(logs.count(failedCheckpoint)).to.equal(1);
    await rm(filler);
    store = await openLowdbStore(join(mountPoint, 'store', 'db.json'));
    expect(await store.get('streams', keys[0]!)).to.equal('changed');
    for (const key of keys.slice(1)) expect(await store.get('streams', key)).to.equal(BLOB);
  });

  it('when a change cannot be written (503), then its bytes are not counted against the stated size', async () => {
    const dataFile = join(mountPoint, 'store', 'db.json');
    const big = 'b'.repeat(1400 * 1024); // more than the journal's zeros ahead (ZERO_AHEAD_BYTES) and the free space
    const bytes = (key: string, value: string) =>
      Buffer.byteLength(`${JSON.stringify(key)}:${JSON.stringify({ value })}`);
    store = await openLowdbStore(dataFile, { storeMaxBytes: bytes('a', 'a') + bytes('b1', big) });
    await store.update('streams', 'a', () => 'a');
    const { bavail, bsize } = await statfs(mountPoint);
    await writeFile(filler, Buffer.alloc(bavail * bsize - 300 * 1024));
    const failed = await store
      .update('streams', 'b1', () => big)
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failed).to.be.instanceOf(StoreUnavailableError);
    await rm(filler);
    await store.update('streams', 'b2', () => big); // as large as b1: it fits only if b1 left nothing counted
    expect(await store.get('streams', 'b2')).to.equal(big);
    expect(await store.get('streams', 'b1')).to.equal(undefined);
  });
});

import { expect } from 'chai';
import { createLogger } from '../../src/observability/logger.js';
import { storeReports } from '../../src/observability/store-reports.js';
import { openLowdbStore } from '../../src/store/lowdb/lowdb-store.js';
import { StoreFullError, type Store } from '../../src/store/store.js';
import { call } from '../helpers/client.js';
import type { LogLine } from '../helpers/logs.js';
import { crashCopy } from '../helpers/lowdb-files.js';
import { freshDataFile, startService } from '../helpers/service.js';

/** A record's stored bytes: its compact JSON as a shard line holds it, `"key":{"value":…}`. */
const sizeOf = (key: string, value: unknown) =>
  Buffer.byteLength(`${JSON.stringify(key)}:${JSON.stringify({ value })}`);
const put = (store: Store, key: string, value: unknown) => store.update('streams', key, () => value);
const remove = (store: Store, key: string) => store.update('streams', key, () => undefined);
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'kept',
    (error: unknown) => error,
  );

async function expectFull(store: Store, key: string, value: unknown): Promise<void> {
  const before = await store.get('streams', key);
  expect(await outcome(put(store, key, value)), `${key} is refused`).to.be.instanceOf(StoreFullError);
  expect(await store.get('streams', key), `${key} is unchanged`).to.deep.equal(before);
}

describe("the lowdb store's stated size (STORE_MAX_BYTES)", () => {
  const a = 'a'.repeat(100);
  const b = 'b'.repeat(50);
  const full = sizeOf('a', a) + sizeOf('b', b);

  it('when changes reach the stated size exactly, then they are kept; one byte past it, StoreFullError keeps nothing', async () => {
    const store = await openLowdbStore(await freshDataFile(), { storeMaxBytes: full });
    expect(await outcome(put(store, 'a', a))).to.equal('kept');
    expect(await outcome(put(store, 'b', b)), 'at the limit').to.equal('kept');
    await expectFull(store, 'c', '');
    await expectFull(store, 'a', `${a}!`);
    await store.close();

    const onePast = await openLowdbStore(await freshDataFile(), { storeMaxBytes: full - 1 });
    await put(onePast, 'a', a);
    await expectFull(onePast, 'b', b);
    await onePast.close();
  });

  it('when the store is full, then a delete, a shrinking write and a same-size write are kept, and the room freed can be used again', async () => {
    const store = await openLowdbStore(await freshDataFile(), { storeMaxBytes: full });
    await put(store, 'a', a);
    await put(store, 'b', b);
    expect(await outcome(put(store, 'a', 'A'.repeat(100))), 'same size').to.equal('kept');
    expect(await outcome(put(store, 'b', 'short')), 'shrinking').to.equal('kept');
    expect(await outcome(put(store, 'b', b)), 'back to where it was').to.equal('kept');
    expect(await outcome(remove(store, 'a')), 'a delete').to.equal('kept');
    expect(await outcome(put(store, 'c', 'c'.repeat(100))), 'in the room a delete freed').to.equal('kept');
    await expectFull(store, 'd', '');
    await store.close();
  });

  it('when the store is opened again, from its shards or from its journal alone, then it counts the same bytes', async () => {
    const dataFile = await freshDataFile();
    const odd = { text: a, odd: '\n\u2028\ud800é' };
    const limit = sizeOf('a', odd) + sizeOf('b', b) + sizeOf('c', 'c'.repeat(30));
    const store = await openLowdbStore(dataFile, { storeMaxBytes: limit });
    await put(store, 'a', odd);
    await put(store, 'gone', 'soon');
    await remove(store, 'gone');
    await put(store, 'b', b);
    const copy = await crashCopy(dataFile);
    await store.close();
    for (const [when, file] of [
      ['from the shards', dataFile],
      ['from the journal', copy],
    ] as const) {
      const reopened = await openLowdbStore(file, { storeMaxBytes: limit });
      try {
        await expectFull(reopened, 'c', 'c'.repeat(31));
        expect(await outcome(put(reopened, 'c', 'c'.repeat(30))), `${when}: what is left fits`).to.equal('kept');
      } finally {
        await reopened.close();
      }
    }
  });

  it('when many changes race for the last room, then exactly as many as fit are kept', async () => {
    const dataFile = await freshDataFile();
    const store = await openLowdbStore(dataFile, { storeMaxBytes: 3 * sizeOf('k0', b) });
    const outcomes = await Promise.all(Array.from({ length: 10 }, (_, index) => outcome(put(store, `k${index}`, b))));
    expect(outcomes.filter((result) => result === 'kept')).to.have.length(3);
    expect(outcomes.filter((result) => result instanceof StoreFullError)).to.have.length(7);
    await store.close();
    const reopened = await openLowdbStore(dataFile);
    const kept = await Promise.all(Array.from({ length: 10 }, (_, index) => reopened.get('streams', `k${index}`)));
    expect(kept.filter((value) => value !== undefined)).to.have.length(3);
    await reopened.close();
  });

  it('when the total passes 80% of the stated size, then a warning is logged once, and again only after it dropped below and passed again', async () => {
    const lines: LogLine[] = [];
    const logger = createLogger('info', {
      write: (line: string) => {
        lines.push(JSON.parse(line) as LogLine);
      },
    });
    const store = await openLowdbStore(await freshDataFile(), { storeMaxBytes: 1000, logger });
    const warnings = () => lines.filter((line) => line.level === 40);
    await put(store, 'x', 'x'.repeat(790 - sizeOf('x', '')));
    expect(warnings(), 'at 79%').to.have.length(0);
    await put(store, 'y', 'y'.repeat(20 - sizeOf('y', '')));
    expect(warnings(), 'at 81%').to.have.length(1);
    expect(warnings()[0]).to.include({ storeBytes: 810, storeMaxBytes: 1000 });
    await put(store, 'z', 'z'.repeat(100 - sizeOf('z', '')));
    expect(warnings(), 'still above').to.have.length(1);
    await remove(store, 'z');
    await remove(store, 'y');
    await put(store, 'y', 'y'.repeat(20 - sizeOf('y', '')));
    expect(warnings(), 'passed again').to.have.length(2);
    await store.close();
  });

  it("when the HTTP service's store is full, then a growing PATCH gets 507 storage-full and stores nothing, and a smaller one gets 200", async () => {
    const dataFile = await freshDataFile();
    const store = await openLowdbStore(dataFile, { storeMaxBytes: 4096, hooks: storeReports });
    const service = await startService({ dataFile, store });
    try {
      const patch = (namespace: string, blob: string) =>
        call(service, 'PATCH', `/api/identity/settings/${namespace}`, { body: { patch: { blob } } });
      expect((await patch('first', 'x'.repeat(3000))).status).to.equal(200);
      const refused = await patch('second', 'y'.repeat(2000));
      expect(refused.status).to.equal(507);
      expect(refused.body).to.include({ type: 'urn:problem:collab:storage-full', status: 507 });
      expect((await call(service, 'GET', '/api/identity/settings/second')).status, 'nothing stored').to.equal(404);
      expect((await patch('first', 'smaller')).status, 'a shrinking write').to.equal(200);
      expect((await patch('second', 'y'.repeat(2000))).status, 'fits now').to.equal(200);
      const metrics = String((await call(service, 'GET', '/metrics')).body);
      expect(metrics)
        .to.match(/^store_max_bytes 4096$/m)
        .and.match(/^store_records 2$/m);
      expect(Number(/^store_bytes (\d+)$/m.exec(metrics)?.[1])).to.be.within(2000, 4096);
    } finally {
      await service.close();
    }
  });

  it("when the process's heap is too full, then a growing write gets 507 storage-full naming memory and stores nothing, while reads, deletes and shrinking writes go on", async () => {
    let full = false;
    const heap = { hasRoom: () => !full };
    const dataFile = await freshDataFile();
    const store = await openLowdbStore(dataFile, { heap });
    const service = await startService({ dataFile, store });
    try {
      const patch = (namespace: string, blob: string) =>
        call(service, 'PATCH', `/api/identity/settings/${namespace}`, { body: { patch: { blob } } });
      expect((await patch('first', 'x'.repeat(3000))).status).to.equal(200);
      full = true;
      const refused = await patch('second', 'y');
      expect(refused.status).to.equal(507);
      expect(refused.body).to.include({ type: 'urn:problem:collab:storage-full', status: 507 });
      expect((refused.body as { detail: string }).detail).to.contain("the process's memory is nearly full");
      expect((await call(service, 'GET', '/api/identity/settings/second')).status, 'nothing stored').to.equal(404);
      const read = await call(service, 'GET', '/api/identity/settings/first');
      expect(read.body).to.nested.include({ 'settings.blob': 'x'.repeat(3000) });
      expect((await patch('first', 'smaller')).status, 'a shrinking write').to.equal(200);
      full = false;
      expect((await patch('second', 'y')).status, 'room again').to.equal(200);
    } finally {
      await service.close();
    }
  });
});

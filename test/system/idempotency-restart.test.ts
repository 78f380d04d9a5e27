import { expect } from 'chai';
import { type KeyRecord } from '../../src/edge/idempotency/keys.js';
import { IDEMPOTENCY_KEYS } from '../../src/store/idempotency-key-records.js';
import { openLowdbStore } from '../../src/store/lowdb/lowdb-store.js';
import type { StoredRecord } from '../../src/store/store.js';
import { call, type Reply } from '../helpers/client.js';
import { uuid } from '../helpers/factories.js';
import { startServerProcess, stop, type ServerProcess } from '../helpers/process.js';
import { freshDataFile, type Service } from '../helpers/service.js';

const create = (service: Service, key: string, title = 'Launch') =>
  call(service, 'POST', '/api/streams', {
    body: { title, memberUserIds: ['ana'] },
    headers: { 'idempotency-key': key },
  });
const seen = (reply: Reply) => ({
  status: reply.status,
  location: reply.headers.get('location'),
  etag: reply.headers.get('etag'),
  body: reply.body,
});

/** The records of one collection in a lowdb file, read once no process serves it. */
async function recordsIn(dataFile: string, collection: string): Promise<StoredRecord[]> {
  const store = await openLowdbStore(dataFile);
  try {
    const found: StoredRecord[] = [];
    for await (const record of store.records!()) if (record.collection === collection) found.push(record);
    return found;
  } finally {
    await store.close();
  }
}
const streamsIn = async (dataFile: string) => (await recordsIn(dataFile, 'streams')).map((record) => record.key);

const inFlight = new Set<string>();
/** Retries `key` until it is no longer in flight (its killed attempt's lease runs out), at most `tries` times. */
async function retried(service: Service, key: string, tries = 60): Promise<Reply> {
  for (let attempt = 0; ; attempt++) {
    const reply = await create(service, key);
    if (reply.status === 409) inFlight.add(key);
    if (reply.status !== 409 || attempt >= tries) return reply;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a retried create across a SIGKILL restart (lowdb, real processes)', function () {
  this.timeout(120_000);
  let server: ServerProcess | undefined;
  afterEach(async () => {
    if (server) await stop(server, 'SIGKILL');
  });

  it('when the service is killed after answering, then a retry on the restarted service gets the same answer and makes no second stream', async () => {
    const dataFile = await freshDataFile();
    server = await startServerProcess(dataFile);
    const key = uuid();
    const first = await create(server.service, key);
    expect(first.status).to.equal(201);
    await stop(server, 'SIGKILL');
    server = await startServerProcess(dataFile);
    expect(seen(await create(server.service, key))).to.deep.equal(seen(first));
    expect((await create(server.service, key, 'Another')).status, 'the key is still bound to its body').to.equal(422);
    await stop(server, 'SIGTERM');
    expect(await streamsIn(dataFile)).to.deep.equal([first.body.id]);
  });

  it('when the service is killed with 40 keyed creates in flight, then retries after the restart make exactly one stream per key, and repeat its answer', async () => {
    const dataFile = await freshDataFile();
    const env = { IDEMPOTENCY_KEY_LEASE: '1s' };
    server = await startServerProcess(dataFile, env);
    const keys = Array.from({ length: 40 }, () => uuid());
    const sent = keys.map((key) => create(server!.service, key).catch(() => undefined));
    await Promise.race(sent); // killed once the first is answered: some answered, others claimed or not yet read
    await stop(server, 'SIGKILL');
    const before = (await Promise.all(sent)).filter((reply) => reply?.status === 201);
    expect(before.length, 'answered before the kill').to.be.above(0);
    const kept = (await recordsIn(dataFile, IDEMPOTENCY_KEYS)).map((record) => record.value as KeyRecord);
    const orphans = (await streamsIn(dataFile)).filter((id) =>
      kept.some((key) => key.resourceId === id && !key.answer),
    );
    server = await startServerProcess(dataFile, env);
    const answers = new Map<string, Reply>();
    for (const key of keys) {
      const reply = await retried(server.service, key);
      expect(reply.status, key).to.equal(201);
      expect(seen(await create(server.service, key))).to.deep.equal(seen(reply));
      answers.set(key, reply);
    }
    console.log(
      `at the kill: ${before.length} answered, ${kept.length} keys kept (${kept.filter((key) => !key.answer).length} without their answer), ` +
        `${orphans.length} streams made but not answered; after the restart ${inFlight.size} keys were still in flight`,
    );
    for (const reply of before)
      expect([...answers.values()].map((answer) => answer.body.id)).to.include(reply!.body.id);
    await stop(server, 'SIGTERM');
    const stored = await streamsIn(dataFile);
    expect(stored.sort()).to.deep.equal([...answers.values()].map((answer) => answer.body.id as string).sort());
  });
});

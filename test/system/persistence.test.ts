import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { expect } from 'chai';
import { call } from '../helpers/client.js';
import { journalText } from '../helpers/lowdb-files.js';
import { aDevice, aDraft, uuid } from '../helpers/factories.js';
import { startServerProcess, stop } from '../helpers/process.js';
import { freshDataFile, startService, type Service } from '../helpers/service.js';

/** Writes one of everything; returns the GET paths and what each returned when written. */
async function writeOneOfEach(service: Service): Promise<Map<string, unknown>> {
  const templateId = uuid();
  const streamId = uuid();
  const stream = await call(service, 'POST', '/api/streams', {
    body: { title: 'kept', initialMessage: { content: { blocks: [{ type: 'markdown', markdown: 'hi' }] } } },
  });
  const settings = await call(service, 'PATCH', '/api/notifications/settings', { body: { sound: 'quack' } });
  const device = await call(service, 'PUT', '/api/notifications/devices', { body: aDevice() });
  const nav = await call(service, 'PATCH', '/api/streams/nav', { body: { pinnedStreamIds: ['a'] } });
  const draft = await call(service, 'PUT', `/api/cycles/templates/${templateId}/draft`, { body: aDraft() });
  const identity = await call(service, 'PATCH', '/api/identity/settings/profile', { body: { patch: { name: 'Ann' } } });
  const read = await call(service, 'PUT', '/api/chat/reads', { body: { streamId, lastReadMessageId: uuid() } });
  return new Map<string, unknown>([
    [`/api/streams/${stream.body.id}`, stream.body],
    ['/api/notifications/settings', settings.body],
    ['/api/notifications/devices', { items: [device.body] }],
    ['/api/streams/nav', nav.body],
    [`/api/cycles/templates/${templateId}/draft`, draft.body],
    ['/api/identity/settings/profile', identity.body],
    [`/api/chat/reads/${streamId}`, { items: [read.body] }],
  ]);
}

async function expectAllReadBack(service: Service, written: Map<string, unknown>): Promise<void> {
  for (const [path, body] of written) {
    const reply = await call(service, 'GET', path);
    expect(reply.status, path).to.equal(200);
    expect(reply.body, path).to.deep.equal(body);
  }
}

describe('storage in the lowdb file', () => {
  it('when the service starts on a new path, then the file is created on the first write, not before', async () => {
    const dataFile = await freshDataFile();
    const service = await startService({ dataFile });
    try {
      await call(service, 'GET', '/healthz');
      expect(existsSync(dataFile)).to.equal(false);
      await call(service, 'PATCH', '/api/streams/nav', { body: { sort: 'a' } });
      expect(existsSync(dataFile)).to.equal(true);
      expect(JSON.parse(await readFile(dataFile, 'utf8'))).to.deep.equal({
        format: 'collab-lowdb-v4',
        version: 4,
        shards: 256,
      });
      const journal = await journalText(`${dataFile}.d/journal/1.ndjson`);
      const [openMark, entry = '', endMark, end] = journal.split('\n');
      expect([openMark, endMark, end], 'the open mark, one entry, then the end mark of its batch').to.deep.equal([
        '[]',
        '[]',
        '',
      ]);
      const [[collection, key, stored]] = JSON.parse(entry);
      expect([collection, key, stored.value.sort], 'the journal holds the write once it is acknowledged').to.deep.equal(
        ['navigation', 'local', 'a'],
      );
    } finally {
      await service.close();
    }
    const shards = await readdir(`${dataFile}.d/navigation`);
    expect(shards, 'a clean stop checkpoints the journal into the shards').to.have.length(1);
    const stored = JSON.parse(await readFile(`${dataFile}.d/navigation/${shards[0]}`, 'utf8'));
    expect(stored).to.have.all.keys('local');
    expect(stored.local.value.sort).to.equal('a');
    expect(await readdir(`${dataFile}.d/journal`)).to.deep.equal([]);
  });

  it('when the service restarts on the same file, then everything written is read back', async () => {
    const dataFile = await freshDataFile();
    const first = await startService({ dataFile });
    const written = await writeOneOfEach(first);
    await first.close();
    const second = await startService({ dataFile });
    try {
      await expectAllReadBack(second, written);
    } finally {
      await second.close();
    }
  });
});

describe('the server process (src/server.ts)', () => {
  it('when it is stopped with SIGTERM and started again on the same file, then it exits 0 and keeps everything', async () => {
    const dataFile = await freshDataFile();
    const first = await startServerProcess(dataFile);
    const written = await writeOneOfEach(first.service);
    expect(await stop(first, 'SIGTERM')).to.equal(0);
    const second = await startServerProcess(dataFile);
    try {
      await expectAllReadBack(second.service, written);
    } finally {
      await stop(second, 'SIGTERM');
    }
  });
});

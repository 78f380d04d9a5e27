import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { expect } from 'chai';
import { call } from './helpers/client.js';
import { refusedStart, startServerProcess, stop } from './helpers/process.js';
import { freshDataFile } from './helpers/service.js';

const MANIFEST = '{"format":"collab-lowdb-shards-v2","shards":1024}';

describe('one owner per data file', () => {
  it('when a second process starts on a file in use, then it refuses and names the owner', async () => {
    const dataFile = await freshDataFile();
    const owner = await startServerProcess(dataFile);
    try {
      const second = await refusedStart(dataFile);
      expect(second.code).to.equal(1);
      expect(second.stderr).to.contain(`${dataFile}: is in use by process ${owner.child.pid}`);
      expect((await call(owner.service, 'GET', '/healthz')).status, 'the owner still serves').to.equal(200);
    } finally {
      await stop(owner, 'SIGTERM');
    }
  });

  it('when the owner was killed with SIGKILL, then its stale lock does not block a restart', async () => {
    const dataFile = await freshDataFile();
    const first = await startServerProcess(dataFile);
    await call(first.service, 'PATCH', '/api/streams/nav', { body: { sort: 'kept' } });
    await stop(first, 'SIGKILL');
    expect(existsSync(`${dataFile}.lock`), 'the killed process left its lock').to.equal(true);
    const second = await startServerProcess(dataFile);
    try {
      expect((await call(second.service, 'GET', '/api/streams/nav')).body.sort).to.equal('kept');
    } finally {
      expect(await stop(second, 'SIGTERM')).to.equal(0);
    }
    expect(existsSync(`${dataFile}.lock`), 'a clean stop releases the lock').to.equal(false);
  });
});

describe('a damaged data file', () => {
  const cases: [name: string, file: (dataFile: string) => string, content: string, problem: RegExp][] = [
    ['a truncated manifest', (f) => f, MANIFEST.slice(0, 20), /is not valid JSON, perhaps truncated/],
    ['a manifest that is not JSON', (f) => f, 'hello', /is not valid JSON/],
    ['a manifest of the wrong shape', (f) => f, '{"streams":{}}', /is JSON but not a collab-lowdb-shards-v2 manifest/],
    ['an empty manifest', (f) => f, '', /is not valid JSON/],
    ['a truncated shard', (f) => `${f}.d/streams/7.json`, '{"a":{"id":', /is not valid JSON, perhaps truncated/],
    ['a shard of the wrong shape', (f) => `${f}.d/devices/3.json`, '[1,2]', /is JSON but not a JSON object of stored records/],
  ];
  for (const [name, fileOf, content, problem] of cases) {
    it(`when it is ${name}, then start-up stops naming the file and the problem, and the file is untouched`, async () => {
      const dataFile = await freshDataFile();
      const damaged = fileOf(dataFile);
      await mkdir(dirname(damaged), { recursive: true });
      if (damaged !== dataFile) await writeFile(dataFile, MANIFEST);
      await writeFile(damaged, content);
      const { code, stderr } = await refusedStart(dataFile);
      expect(code).to.equal(1);
      expect(stderr).to.contain(`Refusing to start: ${damaged}:`).and.match(problem);
      expect(await readFile(damaged, 'utf8')).to.equal(content);
    });
  }

  it('when shard files exist but the manifest is missing, then start-up stops', async () => {
    const dataFile = await freshDataFile();
    await mkdir(`${dataFile}.d/streams`, { recursive: true });
    await writeFile(`${dataFile}.d/streams/1.json`, '{}');
    const { code, stderr } = await refusedStart(dataFile);
    expect(code).to.equal(1);
    expect(stderr).to.contain('holds shard files but the manifest beside it is missing');
    expect(existsSync(dataFile)).to.equal(false);
  });
});

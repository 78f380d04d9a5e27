import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { call } from '../helpers/client.js';
import { runCommand } from '../helpers/dump.js';
import {
  changesOf,
  cutAt,
  flipByte,
  folderBytes,
  linesOf,
  readableKeys,
  splitAfter,
  writeAt,
  writeZeros,
} from '../helpers/journal-damage.js';
import { crashCopy } from '../helpers/lowdb-files.js';
import { refusedStart, startServerProcess, stop } from '../helpers/process.js';
import { freshDataFile } from '../helpers/service.js';

const STREAMS = 600;

/** A crash image of a served store: streams created 12 at a time (so batches of several), acknowledged, then SIGKILL. */
async function servedAndKilled(): Promise<{ dataFile: string; ids: string[] }> {
  const dataFile = await freshDataFile();
  const server = await startServerProcess(dataFile);
  const ids: string[] = [];
  await Promise.all(
    Array.from({ length: 12 }, async (_, writer) => {
      for (let index = writer; index < STREAMS; index += 12) {
        const created = await call(server.service, 'POST', '/api/streams', { body: { title: `stream ${index}` } });
        expect(created.status).to.equal(201);
        ids.push((created.body as { id: string }).id);
      }
    }),
  );
  expect(await stop(server, 'SIGKILL')).to.equal(null);
  return { dataFile, ids };
}

/** The journal's files of a copy of the image, and its folder. */
async function copyOf(dataFile: string): Promise<{ copy: string; folder: string; file: string }> {
  const copy = await crashCopy(dataFile);
  const folder = `${copy}.d/journal`;
  return { copy, folder, file: join(folder, (await readdir(folder))[0]!) };
}

describe('a damaged journal: start-up refuses in one line, and make recover-journal keeps what can be read', function () {
  this.timeout(300_000);
  let image: { dataFile: string; ids: string[] };
  before(async () => {
    image = await servedAndKilled();
  });

  /** Splits the journal's one file in two after half its batches, as a checkpoint killed after rotating leaves it. */
  const split = async (folder: string, file: string) => {
    const batches = (await linesOf(file)).filter((line) => line.at > 0 && line.text === '[]').length;
    return splitAfter(folder, Math.floor(batches / 2));
  };
  const cases: [name: string, damage: (folder: string, file: string) => Promise<{ path: string; at: number }>][] = [
    [
      'a run of 4096 zero bytes in the middle of the newest file',
      async (_, file) => {
        const lines = await linesOf(file);
        const at = Math.floor(lines.at(-1)!.at / 2 / 4096) * 4096; // a page of it, as a disk loses one
        await writeZeros(file, at, 4096);
        return { path: file, at: lines.filter((line) => line.at <= at).at(-1)!.at };
      },
    ],
    [
      'a run of zeros in a closed file',
      async (folder, file) => {
        const [closed] = await split(folder, file);
        const line = (await changesOf(closed))[10]!;
        await writeZeros(closed, line.at, 100);
        return { path: closed, at: line.at };
      },
    ],
    [
      'a flipped byte in an entry',
      async (_, file) => {
        const changes = await changesOf(file);
        const line = changes[Math.floor(changes.length / 2)]!;
        await flipByte(file, line.at + 2);
        return { path: file, at: line.at };
      },
    ],
    [
      'a closed file cut in the middle of a line',
      async (folder, file) => {
        const [closed] = await split(folder, file);
        const last = (await changesOf(closed)).at(-1)!;
        await cutAt(closed, last.at + 20);
        return { path: closed, at: last.at };
      },
    ],
    [
      'a closed file cut at the end of a batch',
      async (folder, file) => {
        const [closed] = await split(folder, file);
        const end = (await changesOf(closed)).at(-3)!.at; // its last batches, and its close mark
        await cutAt(closed, end);
        return { path: closed, at: end };
      },
    ],
    [
      'a newest file zeroed whole',
      async (folder, file) => {
        const [, newest] = await split(folder, file);
        await writeZeros(newest, 0, (await stat(newest)).size);
        return { path: newest, at: 0 };
      },
    ],
  ];
  for (const [name, damage] of cases) {
    it(`when the journal holds ${name}, then start-up refuses naming the file and the byte and changes nothing; recovered, every readable stream is served`, async () => {
      const { copy, folder, file } = await copyOf(image.dataFile);
      const { path, at } = await damage(folder, file);
      const damaged = await folderBytes(folder);
      const readable = new Set(
        (await Promise.all([...damaged.keys()].map((name) => readableKeys(join(folder, name))))).flat(),
      );

      const { code, stderr } = await refusedStart(copy);
      expect(code).to.equal(1);
      expect(stderr.trim().split('\n'), stderr).to.have.length(1);
      expect(stderr).to.match(
        new RegExp(`^Refusing to start: ${path}: at byte ${at}, .*: the journal is damaged; nothing was changed`),
      );
      expect(stderr).to.contain('make recover-journal').and.contain('docs/operators/runbook.md#a-damaged-journal');
      expect(await folderBytes(folder), 'the journal files as they were').to.deep.equal(damaged);

      const recovered = await runCommand('recover-journal', [], { DATA_FILE: copy });
      expect(recovered.code, recovered.stderr).to.equal(0);
      expect(recovered.stdout.trim().split('\n')).to.have.length(1);
      const skipped = /kept (\d+) entries \((\d+) changes\); skipped (\d+) bytes in (\d+) places?/.exec(
        recovered.stdout,
      );
      expect(skipped, recovered.stdout).to.not.equal(null);
      expect(Number(skipped![2])).to.equal([...readable].length);

      const server = await startServerProcess(copy);
      try {
        const served = [];
        for (const id of image.ids) {
          const read = await call(server.service, 'GET', `/api/streams/${id}`);
          expect(read.status, id).to.equal(readable.has(id) ? 200 : 404);
          if (read.status === 200) served.push(id);
        }
        expect(served.length, 'the streams whose entries the damage spared').to.equal(readable.size);
        expect(readable.size).to.be.above(0).and.below(STREAMS);
      } finally {
        await stop(server, 'SIGTERM');
      }
    });
  }

  it('when the newest file ends in zeros or in a line cut short, as a crash leaves it, then start-up drops it and every acknowledged stream is served', async () => {
    const { copy, file } = await copyOf(image.dataFile);
    const end = (await linesOf(file)).at(-1)!.at + 3;
    const page = Math.ceil((end + 1) / 4096) * 4096; // the first page of an append reached the disk, and no other
    const line = `[["streams","0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e",{"value":{"title":"${'t'.repeat(4096)}`;
    await writeAt(file, end, line.slice(0, page - end)); // never acknowledged
    for (const dataFile of [image.dataFile, copy]) {
      const server = await startServerProcess(await crashCopy(dataFile));
      try {
        for (const id of image.ids)
          expect((await call(server.service, 'GET', `/api/streams/${id}`)).status, id).to.equal(200);
      } finally {
        await stop(server, 'SIGTERM');
      }
    }
  });
});

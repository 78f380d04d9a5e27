import { mkdir, open, readFile, readdir, truncate, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import { openLowdbStore } from '../../src/store/lowdb/lowdb-store.js';
import type { LowdbOptions } from '../../src/store/lowdb/lowdb-settings.js';
import { shardNumber } from '../../src/store/lowdb/engine/shards.js';
import { Journal, ZERO_AHEAD_BYTES } from '../../src/store/lowdb/engine/journal.js';
import type { Op } from '../../src/store/lowdb/engine/record-text.js';
import { serialize } from '../../src/store/lowdb/engine/record-text.js';
import type { Store } from '../../src/store/store.js';
import { crashCopy, journalText } from '../helpers/lowdb-files.js';
import { runThenKill } from '../helpers/process.js';
import { freshDataFile } from '../helpers/service.js';

const LINE_BYTES = 4096;
const NO_CHECKPOINT = 1024 ** 3;

/** Keys that land in shard `shard` of 256, as many as asked. */
function keysInShard(shard: number, count: number, prefix = 'k'): string[] {
  const keys: string[] = [];
  for (let index = 0; keys.length < count; index++)
    if (shardNumber(`${prefix}${index}`, 256) === shard) keys.push(`${prefix}${index}`);
  return keys;
}

/** Updates started in one turn, so they share one group-commit batch. */
async function writeOneBatch(store: Store, values: Map<string, unknown>): Promise<void> {
  await Promise.all([...values].map(([key, value]) => store.update('identitySettings', key, () => value)));
}

async function journalLines(dataFile: string): Promise<string[]> {
  const folder = `${dataFile}.d/journal`;
  const lines: string[] = [];
  for (const name of (await readdir(folder)).sort())
    lines.push(...(await journalText(join(folder, name))).split('\n').slice(0, -1));
  return lines;
}

async function expectStored(store: Store, values: Map<string, unknown>, when: string): Promise<void> {
  for (const [key, value] of values)
    expect(await store.get('identitySettings', key), `${key} ${when}`).to.deep.equal(value);
}

const aBatch = (count: number) =>
  new Map(Array.from({ length: count }, (_, index) => [`key-${index}`, { index, text: 'é'.repeat(500) }]));

describe('lowdb journal lines', () => {
  it('when a batch is larger than the line bound, then it is written as several lines within the bound, and a reopen replays them all', async () => {
    const dataFile = await freshDataFile();
    const options: LowdbOptions = { journalLineBytes: LINE_BYTES, checkpointBytes: NO_CHECKPOINT };
    const store = await openLowdbStore(dataFile, options);
    const values = aBatch(60);
    await writeOneBatch(store, values);
    const lines = await journalLines(dataFile);
    expect(lines.length, 'one batch of 60 KiB in lines of 4 KiB').to.be.at.least(15);
    for (const line of lines) expect(Buffer.byteLength(line) + 1).to.be.at.most(LINE_BYTES);
    expect(lines.flatMap((line) => JSON.parse(line) as unknown[])).to.have.length(60);

    const copy = await crashCopy(dataFile);
    await store.close();
    const replayed = await openLowdbStore(copy, options);
    await expectStored(replayed, values, 'replayed from the journal');
    await replayed.close();
    const reopened = await openLowdbStore(dataFile, options);
    await expectStored(reopened, values, 'after a clean close');
    await reopened.close();
  });

  it('when the process is killed with SIGKILL after a batch of many lines was acknowledged, then a restart replays all of it', async () => {
    const dataFile = await freshDataFile();
    const script = `
      import { openLowdbStore } from './src/store/lowdb/lowdb-store.ts';
      const store = await openLowdbStore(${JSON.stringify(dataFile)}, { journalLineBytes: ${LINE_BYTES}, checkpointBytes: ${NO_CHECKPOINT} });
      await Promise.all(Array.from({ length: 60 }, (_, index) => store.update('identitySettings', 'key-' + index, () => ({ index, text: 'é'.repeat(500) }))));
      console.log('acknowledged');
      setInterval(() => {}, 1000);`;
    await runThenKill(script, 'acknowledged');
    expect((await journalLines(dataFile)).length).to.be.at.least(15);
    const store = await openLowdbStore(dataFile);
    await expectStored(store, aBatch(60), 'after SIGKILL');
    await store.close();
  });

  it('when a crash cut the last line of a batch of many lines, then the whole lines before it are replayed and the cut one is not', async () => {
    const dataFile = await freshDataFile();
    const options: LowdbOptions = { journalLineBytes: LINE_BYTES, checkpointBytes: NO_CHECKPOINT };
    const store = await openLowdbStore(dataFile, options);
    await store.update('identitySettings', 'before', () => 'kept');
    await writeOneBatch(store, aBatch(60));
    const copy = await crashCopy(dataFile);
    await store.close();
    const [journal] = await readdir(`${copy}.d/journal`);
    const path = `${copy}.d/journal/${journal}`;
    const text = await journalText(path);
    const [lastLine = '', endMark] = text.split('\n').slice(-3, -1); // the batch's last line of changes, and its end mark
    expect(endMark).to.equal('[]');
    const lineEnd = Buffer.byteLength(text) - Buffer.byteLength('[]\n');
    await truncate(path, lineEnd - Math.ceil((Buffer.byteLength(lastLine) + 1) / 2));
    const lost = (JSON.parse(lastLine) as [string, string][]).map(([, key]) => key);
    expect(lost).to.not.be.empty;

    const replayed = await openLowdbStore(copy, options);
    expect(await replayed.get('identitySettings', 'before')).to.equal('kept');
    for (const [key, value] of aBatch(60)) {
      expect(await replayed.get('identitySettings', key), key).to.deep.equal(lost.includes(key) ? undefined : value);
    }
    await replayed.close();
  });

  it('when changes are appended, then the file is filled with zeros ahead of them, and a copy as a crash leaves it replays every change', async () => {
    const dataFile = await freshDataFile();
    const store = await openLowdbStore(dataFile, { checkpointBytes: NO_CHECKPOINT });
    await store.update('identitySettings', 'first', () => 'one');
    await store.update('identitySettings', 'second', () => 'two');
    const [journal] = await readdir(`${dataFile}.d/journal`);
    const path = `${dataFile}.d/journal/${journal}`;
    const bytes = await readFile(path);
    const end = Buffer.byteLength(await journalText(path));
    expect(
      (await journalText(path)).split('\n'),
      'the open mark, two batches, each an entry and its end mark, then zeros',
    ).to.have.length(6);
    expect(bytes.length - end, 'zeros ahead of the entries').to.be.at.least(ZERO_AHEAD_BYTES / 2);
    expect(bytes.subarray(end).equals(Buffer.alloc(bytes.length - end)), 'all zeros past the entries').to.equal(true);

    const copy = await crashCopy(dataFile);
    await store.update('identitySettings', 'third', () => 'three');
    await store.close();
    const reopened = await openLowdbStore(dataFile);
    await expectStored(
      reopened,
      new Map([
        ['first', 'one'],
        ['second', 'two'],
        ['third', 'three'],
      ]),
      'after a clean close',
    );
    await reopened.close();
    const replayed = await openLowdbStore(copy);
    await expectStored(
      replayed,
      new Map([
        ['first', 'one'],
        ['second', 'two'],
        ['third', undefined],
      ]),
      'replayed',
    );
    await replayed.close();
  });

  it('when the journal rotates or closes, then the file it leaves ends at its close mark or its last entry, and a reopen replays both files', async () => {
    const folder = join(dirname(await freshDataFile()), 'journal');
    const { journal } = await Journal.open(folder, () => {});
    const first = serialize(['identitySettings', 'a', { value: 'one' }], undefined);
    await journal.append([first]);
    expect((await readFile(join(folder, '1.ndjson'))).length, 'zeros ahead').to.be.above(ZERO_AHEAD_BYTES);
    await journal.rotate();
    expect((await readFile(join(folder, '1.ndjson'), 'utf8')).split('\n'), 'rotated').to.deep.equal([
      '[]',
      `[${first.text}]`,
      '[]',
      '[]',
      '',
    ]);
    const second = serialize(['identitySettings', 'b', { value: 'two' }], undefined);
    await journal.append([second]);
    await journal.close();
    expect((await readFile(join(folder, '2.ndjson'), 'utf8')).split('\n'), 'closed').to.deep.equal([
      '[]',
      `[${second.text}]`,
      '[]',
      '',
    ]);
    const replayed: Op[] = [];
    await Journal.open(folder, (op) => replayed.push(op));
    expect(replayed).to.deep.equal([
      ['identitySettings', 'a', { value: 'one' }],
      ['identitySettings', 'b', { value: 'two' }],
    ]);
  });

  it('when a crash kept a later part of an unacknowledged append but not the part before it, then what precedes the zeros is replayed and the rest, never acknowledged, is dropped', async () => {
    const dataFile = await freshDataFile();
    const store = await openLowdbStore(dataFile, { checkpointBytes: NO_CHECKPOINT });
    await store.update('identitySettings', 'kept', () => 'acknowledged');
    const copy = await crashCopy(dataFile);
    await store.close();
    const [journal] = await readdir(`${copy}.d/journal`);
    const path = `${copy}.d/journal/${journal}`;
    const end = Buffer.byteLength(await journalText(path));
    // The append's second page, the end of its first line and a whole second one, reached the disk; its first did not.
    const later = `ached"}]]\n${JSON.stringify([['identitySettings', 'ghost', { value: 'never acknowledged' }]])}\n[]\n`;
    const file = await open(path, 'r+');
    await file.write(later, Math.ceil((end + 1) / 4096) * 4096, 'utf8');
    await file.close();

    const replayed = await openLowdbStore(copy);
    expect(await replayed.get('identitySettings', 'kept')).to.equal('acknowledged');
    expect(await replayed.get('identitySettings', 'ghost')).to.equal(undefined);
    await replayed.update('identitySettings', 'after', () => 'written after the restart');
    await replayed.close();
    const again = await openLowdbStore(copy);
    expect(await again.get('identitySettings', 'after')).to.equal('written after the restart');
    expect(await again.get('identitySettings', 'ghost')).to.equal(undefined);
    await again.close();
  });
});

describe('lowdb shard files', () => {
  const odd = new Map<string, unknown>([
    ['__proto__', { value: '__proto__ as a key' }],
    ['line\nbreak', { text: 'a\nb\r\nc', separators: '\u2028\u2029' }],
    ['\u2028', { lone: '\ud800 \udfff', nul: '\u0000' }],
    ['\ud800', { ['__proto__']: { polluted: true }, emoji: '\u{1F600}' }],
  ]);

  it('when a shard holds more than a write chunk, then it is written one record to a line, as JSON, and reloads exactly', async () => {
    const dataFile = await freshDataFile();
    const shard = shardNumber('__proto__', 256);
    const values = new Map<string, unknown>(
      keysInShard(shard, 200).map((key, index) => [key, { index, text: 'x'.repeat(100) }]),
    );
    for (const [key, value] of odd) if (shardNumber(key, 256) === shard) values.set(key, value);
    const store = await openLowdbStore(dataFile, { shardChunkChars: 1024 });
    for (const [key, value] of values) await store.update('identitySettings', key, () => value);
    await store.close();

    const text = await readFile(`${dataFile}.d/identitySettings/${shard}.json`, 'utf8');
    const lines = text.split('\n');
    expect(lines[0]).to.equal('{');
    expect(lines.slice(-2)).to.deep.equal(['}', '']);
    expect(lines.length - 3, 'one record to a line').to.equal(values.size);
    const parsed = JSON.parse(text) as Record<string, { value: unknown }>;
    expect(Object.keys(parsed)).to.have.members([...values.keys()]);

    const reopened = await openLowdbStore(dataFile);
    await expectStored(reopened, values, 'reloaded');
    await reopened.close();
  });

  it('when keys and values hold newlines, U+2028, lone surrogates and __proto__, then each stays one line and reloads exactly', async () => {
    const dataFile = await freshDataFile();
    const store = await openLowdbStore(dataFile);
    for (const [key, value] of odd) await store.update('identitySettings', key, () => value, { group: key });
    await store.close();
    for (const key of odd.keys()) {
      const lines = (await readFile(`${dataFile}.d/identitySettings/${shardNumber(key, 256)}.json`, 'utf8')).split(
        '\n',
      );
      expect(
        lines.filter((line) => line.startsWith(JSON.stringify(key))),
        JSON.stringify(key),
      ).to.have.length(1);
    }
    const reopened = await openLowdbStore(dataFile);
    await expectStored(reopened, odd, 'reloaded');
    for (const key of odd.keys())
      expect(await reopened.list('identitySettings', key, { limit: 5 })).to.deep.equal([{ key, value: odd.get(key) }]);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    await reopened.close();
  });

  const damaged: [name: string, lines: (records: string[]) => string[], problem: RegExp][] = [
    [
      'a record line that is not JSON',
      (records) => ['{', records[0]!, '"broken":{"value":,', records[1]!.slice(0, -1), '}'],
      /is not valid JSON, perhaps truncated \(line 3:/,
    ],
    [
      'a key with an escape JSON does not have',
      (records) => ['{', records[0]!, String.raw`"br\qoken":{"value":1}`, '}'],
      /is not valid JSON, perhaps truncated \(line 3: at character 5\)/,
    ],
    [
      'a key that is never closed',
      (records) => ['{', records[0]!, '"unclosed:{"value":1}', '}'],
      /is not valid JSON, perhaps truncated \(line 3: at character 13\)/,
    ],
    [
      'two records on one line',
      (records) => ['{', `${records[0]!}${records[1]!}`, records[2]!.slice(0, -1), '}'],
      /line 2 is not one stored record/,
    ],
    [
      'a record that is not a stored record',
      (records) => ['{', records[0]!, '"other":{"group":"g"}', '}'],
      /is JSON but not a JSON object of stored records \(line 3 is not one stored record/,
    ],
    [
      'no closing brace',
      (records) => ['{', ...records.slice(0, -1), records.at(-1)!.slice(0, -1)],
      /ends before its closing brace/,
    ],
    ['a comma before the closing brace', (records) => ['{', ...records, '}'], /a comma before the closing brace/],
  ];
  for (const [name, lines, problem] of damaged) {
    it(`when a shard of one record to a line holds ${name}, then opening stops naming the file and the problem`, async () => {
      const dataFile = await freshDataFile();
      const keys = keysInShard(9, 3);
      await mkdir(`${dataFile}.d/identitySettings`, { recursive: true });
      await writeFile(dataFile, '{"format":"collab-lowdb-v3","shards":256}');
      const records = keys.map((key) => `${JSON.stringify(key)}:{"value":{"kept":true}},`);
      const path = `${dataFile}.d/identitySettings/9.json`;
      await writeFile(path, `${lines(records).join('\n')}\n`);
      const failure = await openLowdbStore(dataFile).then(
        async (store) => {
          await store.close();
        },
        (error: unknown) => error,
      );
      expect(failure).to.be.instanceOf(Error);
      expect((failure as Error).message)
        .to.contain(`${path}: `, (failure as Error).message)
        .and.match(problem);
    });
  }

  it('when shard files are of the earlier compact form (one line), then they load, and the next checkpoint writes them a record to a line', async () => {
    const dataFile = await freshDataFile();
    const [first, second] = keysInShard(7, 2);
    await mkdir(`${dataFile}.d/identitySettings`, { recursive: true });
    await writeFile(dataFile, '{"format":"collab-lowdb-v3","shards":256}');
    const compact = { [first!]: { value: { old: 1 } }, [second!]: { value: { old: 2 }, group: 'g' } };
    await writeFile(`${dataFile}.d/identitySettings/7.json`, JSON.stringify(compact));
    const store = await openLowdbStore(dataFile);
    expect(await store.get('identitySettings', first!)).to.deep.equal({ old: 1 });
    expect(await store.list('identitySettings', 'g', { limit: 5 })).to.deep.equal([{ key: second, value: { old: 2 } }]);
    await store.update('identitySettings', first!, () => ({ new: 1 }));
    await store.close();
    const text = await readFile(`${dataFile}.d/identitySettings/7.json`, 'utf8');
    expect(text.split('\n')).to.have.length(5);
    expect(JSON.parse(text)).to.deep.equal({
      [first!]: { value: { new: 1 } },
      [second!]: { value: { old: 2 }, group: 'g' },
    });
  });
});

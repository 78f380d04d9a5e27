import { cp, readdir, statfs, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { Journal } from '../../src/store/lowdb/engine/journal.js';
import { serialize } from '../../src/store/lowdb/engine/record-text.js';
import { runCommand } from '../helpers/dump.js';
import { changesOf, flipByte } from '../helpers/journal-damage.js';
import { folderBytes } from '../helpers/journal-images.js';
import { needs } from '../helpers/needs.js';
import { freshDataFile } from '../helpers/service.js';
import { mountTmpfs, unmountTmpfs } from '../helpers/tmpfs.js';

const MANIFEST = '{"format":"collab-lowdb-v4","version":4,"shards":256}';
/** Bytes of the journal's entries: more than the 1 MiB a rewrite writes at a time, so its last write is the short one. */
const ENTRIES = 1536 * 1024;

/** A store in `folder` whose journal's one file, closed cleanly, holds ENTRIES bytes of entries, a byte of one flipped. */
async function damagedStore(folder: string): Promise<{ dataFile: string; path: string }> {
  const made = await freshDataFile();
  await writeFile(made, MANIFEST);
  const { journal } = await Journal.open(`${made}.d/journal`, () => {});
  for (let index = 0; index * 16 * 1024 < ENTRIES; index++)
    await journal.append([serialize(['identitySettings', `k${index}`, { value: 'x'.repeat(16 * 1024) }], undefined)]);
  await journal.close();
  const dataFile = join(folder, 'db.json');
  await cp(made, dataFile);
  await cp(`${made}.d`, `${dataFile}.d`, { recursive: true });
  const path = `${dataFile}.d/journal/1.ndjson`;
  await flipByte(path, (await changesOf(path))[3]!.at + 2);
  return { dataFile, path };
}

describe('make recover-journal on a full disk (a real 8 MiB tmpfs)', function () {
  this.timeout(60_000);
  let mountPoint = '';
  before(async function () {
    const mounted = await mountTmpfs('8m');
    needs(this, mounted ? undefined : 'a tmpfs mount: run as root, where mount -t tmpfs works');
    mountPoint = mounted ?? '';
  });
  after(async () => {
    if (mountPoint) await unmountTmpfs(mountPoint);
  });

  it('when the disk has room for the copy aside but not for the rewrite, then it fails in one line, and the journal is as it was', async () => {
    const { dataFile } = await damagedStore(mountPoint);
    const folder = `${dataFile}.d/journal`;
    const before = await folderBytes(folder);
    const { bavail, bsize } = await statfs(mountPoint);
    const room = ENTRIES + (ENTRIES - 64 * 1024); // the copy whole, the rewrite but its last 64 KiB
    await writeFile(join(mountPoint, 'filler'), Buffer.alloc(bavail * bsize - room));

    const recovered = await runCommand('recover-journal', [], { DATA_FILE: dataFile });
    expect(recovered.code, recovered.stdout).to.equal(1);
    expect(recovered.stderr.trim().split('\n'), recovered.stderr).to.have.length(1);
    expect(recovered.stderr).to.match(
      /^Recovery refused: .*ENOSPC.*: no journal file was changed; make room, then run it again/,
    );
    expect(await folderBytes(folder), 'the journal files as they were, and no other').to.deep.equal(before);
    expect(await readdir(mountPoint)).to.have.members(['db.json', 'db.json.d', 'db.json.lock', 'filler']);
  });
});

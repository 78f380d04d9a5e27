import { lstatSync, watch, type Stats } from 'node:fs';
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { listenPrivately } from '../../src/store/lowdb/operations/private-socket.js';
import { call } from '../helpers/client.js';
import { withUmask } from '../helpers/modes.js';
import { startServerProcess, stop } from '../helpers/process.js';

const modeOf = (stats: Stats) => (stats.mode & 0o777).toString(8);

describe('the lowdb control socket appears with its final mode, 0600', () => {
  it('when it is made under umask 000, then its name does not exist while it is bound, appears as a 0600 socket, and nothing else is left', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'collab-socket-'));
    const path = join(folder, 'db.json.sock');
    const server = createServer((socket) => socket.end('hello'));
    let atBind: Stats | undefined | 'not seen' = 'not seen';
    server.once('listening', () => {
      atBind = lstatSync(path, { throwIfNoEntry: false }); // the moment a chmod after listen would leave open
    });
    const before = process.umask(0);
    try {
      await listenPrivately(server, path, join(folder, 'db.json.s'));
    } finally {
      process.umask(before);
    }
    try {
      expect(atBind, 'the name, as the socket was bound').to.equal(undefined);
      const made = lstatSync(path);
      expect([made.isSocket(), modeOf(made)]).to.deep.equal([true, '600']);
      expect(await readdir(folder)).to.deep.equal(['db.json.sock']);
      const client = connect(path);
      const [greeting] = (await once(client, 'data')) as [Buffer];
      expect(String(greeting)).to.equal('hello');
    } finally {
      server.close();
    }
  });

  it('when a crashed owner left its private folder and its socket, then both are replaced', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'collab-socket-'));
    const path = join(folder, 'db.json.sock');
    await mkdir(join(folder, 'db.json.s'));
    await writeFile(join(folder, 'db.json.s', 's'), 'left over');
    await writeFile(path, 'a stale socket');
    const server = createServer((socket) => socket.end('hello'));
    await listenPrivately(server, path, join(folder, 'db.json.s'));
    try {
      expect(lstatSync(path).isSocket()).to.equal(true);
      expect(await readdir(folder)).to.deep.equal(['db.json.sock']);
    } finally {
      server.close();
    }
  });

  it('when the service starts under umask 000, then every sight of <DATA_FILE>.sock, from its first, is a 0600 socket', async function () {
    this.timeout(60_000);
    const folder = await mkdtemp(join(tmpdir(), 'collab-socket-'));
    const seen: string[] = [];
    // inotify reports the name's arrival; each report is looked at at once, in this process, while the service goes on.
    const watcher = watch(folder, (_event, name) => {
      const found = name === 'db.json.sock' ? lstatSync(join(folder, name), { throwIfNoEntry: false }) : undefined;
      if (found) seen.push(`${found.isSocket() ? 'socket' : 'other'} ${modeOf(found)}`);
    });
    const server = await withUmask(0o000, () => startServerProcess(join(folder, 'db.json')));
    try {
      expect((await call(server.service, 'PATCH', '/api/streams/nav', { body: { sort: 'recent' } })).status).to.equal(
        200,
      );
      expect(seen.length, 'the socket was seen').to.be.at.least(1);
      expect([...new Set(seen)]).to.deep.equal(['socket 600']);
    } finally {
      watcher.close();
      await stop(server, 'SIGTERM');
    }
    expect(await readdir(folder), 'a clean stop leaves no socket').not.to.include('db.json.sock');
  });
});

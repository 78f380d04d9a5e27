import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { expect } from 'chai';
import { holdOwnerFiles, OwnerError } from '../../../src/store/lowdb/operations/owner-client.js';
import { call } from '../../helpers/client.js';
import { runCommand } from '../../helpers/dump.js';
import { startServerProcess, stop, type ServerProcess } from '../../helpers/process.js';
import { freshDataFile } from '../../helpers/service.js';

// The lowdb control socket (<DATA_FILE>.sock) bounds the time it waits on a client and the clients at once.

/** A raw client of the owner's socket: what it received, and when the owner closed it. */
async function openOwnerSocket(dataFile: string): Promise<{ socket: Socket; received(): string; gone: Promise<void> }> {
  const socket = connect(`${dataFile}.sock`);
  socket.on('error', () => {});
  let text = '';
  socket.on('data', (chunk: Buffer) => {
    text += String(chunk);
  });
  const gone = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await once(socket, 'connect');
  return { socket, received: () => text, gone };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the server's output holds `text` (its log line comes a moment after what it logs). */
async function logged(server: ServerProcess, text: string): Promise<void> {
  for (let tries = 0; !server.output().includes(text); tries++) {
    if (tries > 1000) throw new Error(`never logged: ${text}`);
    await sleep(20);
  }
}

describe('the lowdb control socket bounds its clients (CONTROL_SOCKET_IDLE_TIMEOUT, CONTROL_SOCKET_MAX_CONNECTIONS)', function () {
  this.timeout(120_000);
  let server: ServerProcess | undefined;
  afterEach(async () => {
    if (server) await stop(server, 'SIGTERM');
    server = undefined;
  });
  /** A server on a store that exists (a fresh data file holds none until its first write). */
  const serve = async (env: Record<string, string>) => {
    server = await startServerProcess(await freshDataFile(), env);
    expect((await call(server.service, 'PATCH', '/api/streams/nav', { body: { sort: 'recent' } })).status).to.equal(
      200,
    );
    return server.service.dataFile;
  };

  it('when a client sends no command within the bound, then the owner closes it with an error line naming the setting, and logs it', async () => {
    const dataFile = await serve({ CONTROL_SOCKET_IDLE_TIMEOUT: '300ms' });
    const client = await openOwnerSocket(dataFile);
    await client.gone;
    expect(JSON.parse(client.received())).to.deep.equal({
      error: 'nothing moved for 300 ms while the owner waited on the client (CONTROL_SOCKET_IDLE_TIMEOUT)',
    });
    await logged(server!, `Closed a connection to ${dataFile}.sock: nothing moved for 300 ms`);
  });

  it('when an export client reads slowly, pausing less than the bound, then the export is not cut however long it takes; when it stops reading, it is', async () => {
    const dataFile = await serve({ CONTROL_SOCKET_IDLE_TIMEOUT: '2s' });
    for (let index = 0; index < 8; index++) {
      const reply = await call(server!.service, 'PATCH', `/api/identity/settings/ns-${index}`, {
        body: { patch: { text: 'x'.repeat(200_000) } },
      });
      expect(reply.status).to.equal(200);
    }
    const slow = await openOwnerSocket(dataFile);
    let pauses = 0;
    slow.socket.on('data', () => {
      pauses++;
      slow.socket.pause();
      setTimeout(() => slow.socket.resume(), 300);
    });
    slow.socket.write('{"command":"export"}\n');
    await slow.gone;
    const lines = slow.received().trim().split('\n');
    expect(JSON.parse(lines.at(-1)!)).to.deep.equal({ end: 9 });
    expect(pauses * 300, 'the export outlasted the bound').to.be.above(2000);
    expect(server!.output()).not.to.include('(CONTROL_SOCKET_IDLE_TIMEOUT)');

    const stalled = await openOwnerSocket(dataFile);
    stalled.socket.pause(); // reads nothing: the owner's writes wait on it (and it sees no close while paused)
    stalled.socket.write('{"command":"export"}\n');
    await logged(server!, '(CONTROL_SOCKET_IDLE_TIMEOUT)');
    stalled.socket.resume();
    await stalled.gone;
    expect(stalled.received(), 'cut before its end').not.to.include('{"end":');
  });

  it('when make backup holds the files for longer than the bound, then its heartbeats keep the hold, and the release is acknowledged', async () => {
    const dataFile = await serve({ CONTROL_SOCKET_IDLE_TIMEOUT: '300ms' });
    const held = await holdOwnerFiles(dataFile);
    await sleep(1500);
    await held.release(); // or an OwnerError: the owner let go
    const backedUp = await runCommand('backup', [`${dataFile}.backup`], { DATA_FILE: dataFile });
    expect(backedUp.code, backedUp.stderr).to.equal(0);
  });

  it('when a holder sends no heartbeat within the bound, then the owner lets go of the files; when the owner goes, the release says the copy may mix two moments', async () => {
    const dataFile = await serve({ CONTROL_SOCKET_IDLE_TIMEOUT: '300ms' });
    const silent = await openOwnerSocket(dataFile);
    silent.socket.write('{"command":"backup"}\n');
    await silent.gone;
    const [answer, cut] = silent
      .received()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(answer).to.have.property('journal');
    expect(answer.idleMs).to.equal(300);
    expect(cut.error).to.include('CONTROL_SOCKET_IDLE_TIMEOUT');

    const held = await holdOwnerFiles(dataFile);
    await stop(server!, 'SIGTERM');
    server = undefined;
    const released = await held.release().then(
      () => undefined,
      (error: Error) => error,
    );
    expect(released).to.be.instanceOf(OwnerError);
    expect(released!.message).to.include('let go of its files before the copy was done');
  });

  it('when CONTROL_SOCKET_MAX_CONNECTIONS clients are connected, then one more is refused with a line naming it; at the bound, an export works', async () => {
    const dataFile = await serve({ CONTROL_SOCKET_MAX_CONNECTIONS: '2', CONTROL_SOCKET_IDLE_TIMEOUT: '1h' });
    const [first, second] = [await openOwnerSocket(dataFile), await openOwnerSocket(dataFile)];
    const third = await openOwnerSocket(dataFile);
    await third.gone;
    expect(JSON.parse(third.received()).error).to.equal(
      'the owner answers 2 connections at once (CONTROL_SOCKET_MAX_CONNECTIONS); try again once one is done',
    );
    const refused = await runCommand('export', [`${dataFile}.refused.dump`], { DATA_FILE: dataFile });
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.include('CONTROL_SOCKET_MAX_CONNECTIONS');
    first.socket.destroy();
    await first.gone;
    const exported = await runCommand('export', [`${dataFile}.dump`], { DATA_FILE: dataFile });
    expect(exported.code, `the second of two connections: ${exported.stderr}`).to.equal(0);
    second.socket.destroy();
  });
});

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import { openPostgresStore } from '../../src/store/postgres/postgres-store.js';
import { contractTree, OASDIFF, runDiff } from '../helpers/contract-tree.js';
import { aDevice } from '../helpers/factories.js';
import { whileWriting } from '../helpers/load.js';
import { needs } from '../helpers/needs.js';
import { admin, freshSchema, postgresUnavailable, type Schema } from '../helpers/postgres.js';
import { startServerProcess, stop, type ServerProcess } from '../helpers/process.js';
import { freshDataFile } from '../helpers/service.js';

// make contract-diff with a store (DATA_FILE or DATABASE_URL) on a scratch tree (test/helpers/contract-tree.ts),
// against a real service process that writes all along: three devices stored, two of platform `web`; a contract that
// removes `web` rejects those two, by count and key; the unchanged contract rejects none; the store is only read (its
// files byte for byte, its rows) and the service keeps serving and writing meanwhile.
const DEVICES = [
  aDevice({ platform: 'web', installationId: 'web-1' }),
  aDevice({ platform: 'web', installationId: 'web-2' }),
  aDevice({ installationId: 'phone-1' }),
];

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const withoutWeb = (spec: Json) => {
  const platform = spec.components.schemas.DeviceRegistration.properties.platform;
  platform.enum = platform.enum.filter((value: string) => value !== 'web');
};

/** Every regular file of a lowdb store (manifest, shards, journal, lock) and its sha256: the socket is no file. */
async function filesOf(dataFile: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dirname(dataFile), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[path] = createHash('sha256')
      .update(await readFile(path))
      .digest('hex');
  }
  return files;
}

function expectWebRejected(output: string): void {
  expect(output).to.include('devices: 2 of 3 stored devices rejected');
  expect(output).to.match(
    /2 stored devices have platform `web`, which the new contract removes \(allowed: [^)]*\) \(e\.g\. `com\.example\.chat \/ web-1`, `com\.example\.chat \/ web-2`\)/,
  );
  expect(output).to.match(/In all: 2 of \d+ stored records would be rejected/);
}

function expectNoneRejected(output: string): void {
  expect(output).to.include('devices: 0 of 3 stored devices rejected');
  expect(output).to.match(/In all: 0 of \d+ stored records would be rejected/);
}

async function register(server: ServerProcess): Promise<void> {
  for (const device of DEVICES) {
    const answer = await fetch(`${server.service.url}/api/notifications/devices`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(device),
    });
    expect(answer.status).to.equal(201);
  }
}

describe('make contract-diff with a store: what the changed contract does to stored data', function () {
  this.timeout(180_000);
  let tree: string;

  before(async function () {
    needs(this, existsSync(OASDIFF) ? undefined : `oasdiff (make contract-diff installs it into .tools/)`);
    tree = await contractTree('contract-data-');
  });
  after(async () => {
    if (tree) await rm(tree, { recursive: true, force: true });
  });

  /** The diff's exit code and output with openapi.yaml as `change` leaves it and the store `store` names. */
  const diffWith = (store: Record<string, string>, change: (spec: Json) => void = () => {}) =>
    runDiff(tree, change, store);

  describe('on lowdb (DATA_FILE)', () => {
    let server: ServerProcess;
    let dataFile: string;
    before(async () => {
      dataFile = await freshDataFile();
      server = await startServerProcess(dataFile, { JOURNAL_CHECKPOINT_BYTES: '16kb' }); // checkpoints come and go during the read
      await register(server);
    });
    after(async () => {
      if (server) await stop(server, 'SIGKILL');
    });

    it('when the service is writing and the contract removes `web`, then it names the two devices from the live snapshot, and writes go on', async () => {
      const { status, output } = await whileWriting(server.service, () =>
        diffWith({ DATA_FILE: dataFile }, withoutWeb),
      );
      expect(output).to.match(/from the snapshot of the live service that owns it \(pid \d+\)/);
      expectWebRejected(output);
      expect(status, output).to.equal(1); // removing an enum value is breaking: the diff's own verdict, as without a store
    });

    it('when the service is writing and the contract is unchanged, then no stored record is rejected', async () => {
      const { status, output } = await whileWriting(server.service, () => diffWith({ DATA_FILE: dataFile }));
      expectNoneRejected(output);
      expect(status, output).to.equal(0);
    });

    it('when no service runs, then it reads the files under a shared lock, with the same findings, and leaves every file (the lock too) as it was', async () => {
      await stop(server, 'SIGTERM');
      const files = await filesOf(dataFile);
      const { output } = await diffWith({ DATA_FILE: dataFile }, withoutWeb);
      expect(output).to.include('from its files, with no service running');
      expectWebRejected(output);
      expect(await filesOf(dataFile)).to.deep.equal(files);
    });

    it('when DATA_FILE names no store, then it fails and says so, making no file', async () => {
      const missing = join(dirname(dataFile), 'typo.json');
      const { status, output } = await diffWith({ DATA_FILE: missing });
      expect(output).to.include(`the store could not be read: ${missing} holds no lowdb store`);
      expect(status, output).to.equal(1);
      expect(existsSync(missing)).to.equal(false);
    });
  });

  describe('on PostgreSQL (DATABASE_URL)', () => {
    let schema: Schema | undefined;
    let server: ServerProcess | undefined;
    const rows = () =>
      admin(
        async (client) =>
          (await client.query('SELECT collection, key, grp, owner, value::text FROM records ORDER BY collection, key'))
            .rows,
        schema!.url,
      );
    before(async function () {
      needs(this, await postgresUnavailable());
      schema = await freshSchema();
      await (await openPostgresStore(schema.url)).close();
      server = await startServerProcess(await freshDataFile(), { DATABASE_URL: schema.url });
      await register(server);
    });
    after(async () => {
      if (server) await stop(server, 'SIGKILL');
      await schema?.drop();
    });

    it('when the service is writing, then a contract without `web` names the two devices, and the unchanged one rejects none', async () => {
      const removed = await whileWriting(server!.service, () => diffWith({ DATABASE_URL: schema!.url }, withoutWeb));
      expect(removed.output).to.include('in one READ ONLY transaction');
      expect(removed.output).not.to.include(`:${new URL(schema!.url).password}@`); // never the password
      expectWebRejected(removed.output);
      expectNoneRejected((await whileWriting(server!.service, () => diffWith({ DATABASE_URL: schema!.url }))).output);
    });

    it('when it reads, then it changes no row', async () => {
      await stop(server!, 'SIGTERM');
      const before = await rows();
      expectWebRejected((await diffWith({ DATABASE_URL: schema!.url }, withoutWeb)).output);
      expect(await rows()).to.deep.equal(before);
    });
  });
});

import { expect } from 'chai';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { backupPostgres } from '../../src/store/postgres/pg-dump.js';
import { call } from '../helpers/client.js';
import { selfSignedCertificate } from '../helpers/certificate.js';
import { needs } from '../helpers/needs.js';
import { privatePostgresUnavailable, startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres.js';
import { refusedStart, startServerProcess, stop, type ServerProcess } from '../helpers/process.js';
import { freshDataFile } from '../helpers/service.js';

/** Whether the service's pooled connections to `url`'s server are encrypted, as the server sees them. */
async function serviceConnectionsEncrypted(url: string): Promise<boolean[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ ssl: boolean }>(
      `SELECT s.ssl FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) WHERE a.application_name = 'collab-service'`,
    );
    return rows.map((row) => row.ssl);
  } finally {
    await client.end();
  }
}

describe('TLS to PostgreSQL (sslmode as libpq reads it)', function () {
  this.timeout(120_000);
  let database: PrivatePostgres | undefined;
  let caFile = '';
  let instance: ServerProcess | undefined;
  before(async function () {
    needs(this, privatePostgresUnavailable());
    const certificate = await selfSignedCertificate();
    caFile = certificate.certFile;
    database = await startPrivatePostgres(certificate);
  });
  afterEach(async () => {
    if (instance) await stop(instance, 'SIGTERM');
    instance = undefined;
  });
  after(async () => database?.destroy());

  /** Starts the service on `url`, writes and reads back; resolves to what it printed on stderr and the encryption seen. */
  async function serveOn(url: string, env: Record<string, string> = {}) {
    instance = await startServerProcess(await freshDataFile(), { DATABASE_URL: url, ...env });
    const written = await call(instance.service, 'PATCH', '/api/identity/settings/tls', { body: { patch: { on: 1 } } });
    expect(written.status).to.equal(200);
    const read = await call(instance.service, 'GET', '/api/identity/settings/tls');
    expect(read.body).to.have.nested.property('settings.on', 1);
    return { encrypted: await serviceConnectionsEncrypted(database!.url), output: instance.output() };
  }

  it('when sslmode=require and no CA is named, then it connects encrypted without verifying, and nothing but JSON lines is printed', async () => {
    const { encrypted, output } = await serveOn(`${database!.url}?sslmode=require`);
    expect(encrypted).to.not.be.empty;
    expect(encrypted.every(Boolean), 'every connection encrypted').to.equal(true);
    for (const line of output.split('\n').filter(Boolean)) expect(() => JSON.parse(line), line).to.not.throw();
  });

  it('when sslmode=verify-full names the CA (sslrootcert), then it connects encrypted', async () => {
    const { encrypted } = await serveOn(
      `${database!.url}?sslmode=verify-full&sslrootcert=${encodeURIComponent(caFile)}`,
    );
    expect(encrypted.every(Boolean) && encrypted.length > 0).to.equal(true);
  });

  it('when PGSSLMODE=verify-ca and PGSSLROOTCERT name them, then it connects encrypted', async () => {
    const { encrypted } = await serveOn(database!.url, { PGSSLMODE: 'verify-ca', PGSSLROOTCERT: caFile });
    expect(encrypted.every(Boolean) && encrypted.length > 0).to.equal(true);
  });

  it('when a backup runs with sslmode=verify-full and the CA in DATABASE_URL, then pg_dump is given both (libpq alone would look for ~/.postgresql/root.crt) and writes the archive', async () => {
    const into = join(await mkdtemp(join(tmpdir(), 'collab-tls-backup-')), 'backup');
    const url = `${database!.url}?sslmode=verify-full&sslrootcert=${encodeURIComponent(caFile)}`;
    const { file, bytes } = await backupPostgres(url, into);
    expect(bytes).to.be.greaterThan(0);
    expect((await readFile(file)).subarray(0, 5).toString()).to.equal('PGDMP');
  });

  it('when sslmode=disable, then the connections are not encrypted', async () => {
    const { encrypted } = await serveOn(`${database!.url}?sslmode=disable`);
    expect(encrypted).to.not.be.empty;
    expect(encrypted.some(Boolean)).to.equal(false);
  });

  it('when sslmode=verify-full names no CA, then start-up is refused in one line saying to name the CA', async () => {
    const { code, stderr } = await refusedStart(await freshDataFile(), {
      DATABASE_URL: `${database!.url}?sslmode=verify-full`,
    });
    expect(code).to.equal(1);
    const lines = stderr.trim().split('\n');
    expect(lines, stderr).to.have.length(1);
    expect(lines[0]).to.match(/^Refusing to start: cannot use PostgreSQL at .*certificate is not trusted.*sslrootcert/);
  });

  it("when sslmode is not one of libpq's, then start-up is refused in one line naming them", async () => {
    const { code, stderr } = await refusedStart(await freshDataFile(), {
      DATABASE_URL: `${database!.url}?sslmode=no-verify`,
    });
    expect(code).to.equal(1);
    expect(stderr.trim()).to.match(
      /^Refusing to start: .*sslmode is "no-verify": it takes disable, allow, prefer, require/,
    );
    expect(stderr.trim().split('\n')).to.have.length(1);
  });
});

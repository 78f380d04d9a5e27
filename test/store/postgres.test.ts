import { expect } from 'chai';
import fc from 'fast-check';
import { DatabaseError, Pool } from 'pg';
import { commitOutcome } from '../../src/store/postgres/commit-outcome.js';
import { connectionOf } from '../../src/store/postgres/connection.js';
import { storeErrorOf } from '../../src/store/postgres/errors.js';
import { keyToText, textToKey } from '../../src/store/postgres/key-text.js';
import { MIGRATIONS } from '../../src/store/postgres/schema-steps.js';
import { openPostgresStore, PostgresStartError } from '../../src/store/postgres/postgres-store.js';
import { StoreUnavailableError } from '../../src/store/store.js';
import { admin, freshSchema, postgresUnavailable, type Schema } from '../helpers/postgres.js';

/** Any string of UTF-16 code units: NUL, U+0001, lone surrogates and all. */
const anyString = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0, max: 3 }),
      fc.integer({ min: 0, max: 0xffff }),
      fc.integer({ min: 0xd7fe, max: 0xe001 }),
    ),
  )
  .map((units) => String.fromCharCode(...units));

describe('PostgreSQL store: keys as text', () => {
  it('when any string is stored as text, then it is well-formed, holds no NUL, and reads back as the same string', () => {
    fc.assert(
      fc.property(anyString, (key) => {
        const text = keyToText(key);
        return !/\p{Cs}/u.test(text) && !text.includes('\u0000') && textToKey(text) === key;
      }),
      { numRuns: 2_000 },
    );
  });
  it('when two strings are compared as stored text (UTF-8 bytes, COLLATE "C"), then they compare as the strings do in JavaScript', () => {
    fc.assert(
      fc.property(anyString, anyString, (a, b) => {
        const bytes = Buffer.compare(Buffer.from(keyToText(a), 'utf8'), Buffer.from(keyToText(b), 'utf8'));
        return Math.sign(bytes) === (a < b ? -1 : a > b ? 1 : 0);
      }),
      { numRuns: 2_000 },
    );
  });
  it('when a key is plain (ASCII, most scripts), then it is stored as it is', () => {
    for (const key of ['local/3f1e…', 'com.example.chat/install-1', 'é/中文/한국어'])
      expect(keyToText(key)).to.equal(key);
  });
});

describe('PostgreSQL store: the schema in DATABASE_URL, never sent as a startup parameter', () => {
  const base = 'postgres://u:p%40ss@db:5433/app?connect_timeout=7';
  const withOptions = (options: string) => `${base}&options=${encodeURIComponent(options)}`;
  it('when the URL names a schema in options, then it is taken out of what is sent, and the rest of the URL stays', () => {
    const connection = connectionOf(withOptions('-c search_path=collab'));
    expect(connection.schema).to.equal('"collab"');
    const sent = new URL(connection.connectionString);
    expect([
      sent.username,
      sent.password,
      sent.host,
      sent.pathname,
      sent.searchParams.get('connect_timeout'),
    ]).to.deep.equal(['u', 'p%40ss', 'db:5433', '/app', '7']);
    expect(sent.searchParams.has('options')).to.equal(false);
  });
  it('when the path is a list, quoted, in capitals or spelled --search_path, then the first schema is read as PostgreSQL reads it', () => {
    expect(connectionOf(withOptions('-c search_path=Collab,public')).schema).to.equal('"collab"');
    expect(connectionOf(withOptions('-csearch_path="My""Schema"')).schema).to.equal('"My""Schema"');
    expect(connectionOf(withOptions('--search_path=collab')).schema).to.equal('"collab"');
  });
  it('when options holds other settings, then they stay; when it names no schema, the URL is left as it is', () => {
    const kept = new URL(connectionOf(withOptions('-c statement_timeout=900 -c search_path=collab')).connectionString);
    expect(kept.searchParams.get('options')).to.equal('-c statement_timeout=900');
    expect(connectionOf(base, {})).to.deep.equal({
      connectionString: base,
      tls: { mode: undefined, ssl: false },
      schema: undefined,
      schemaName: undefined,
    });
  });
});

describe('PostgreSQL store: errors', () => {
  const serverError = (code: string) => Object.assign(new DatabaseError('refused', 1, 'error'), { code });
  it('when the connection fails, times out or the server is shutting down, then it is StoreUnavailableError; a refused statement stays itself', () => {
    for (const error of [
      new Error('connect ECONNREFUSED'),
      new Error('Query read timeout'),
      serverError('57P01'),
      serverError('08006'),
      serverError('57014'),
      serverError('53300'),
    ]) {
      expect(storeErrorOf(error), error.message).to.be.instanceOf(StoreUnavailableError);
    }
    for (const error of [serverError('22P02'), serverError('23505'), new TypeError('a bug')]) {
      expect(storeErrorOf(error)).to.equal(error);
    }
  });
});

describe('PostgreSQL store: migrations and transactions', function () {
  let schema: Schema;
  before(async function () {
    if (await postgresUnavailable()) this.skip();
  });
  beforeEach(async () => {
    schema = await freshSchema();
  });
  afterEach(async () => {
    await schema?.drop();
  });
  const inSchema = <T>(work: Parameters<typeof admin<T>>[0]) => admin(work, schema.directUrl);

  it('when three instances start at once on an empty schema, then each migration runs once and is recorded', async () => {
    const stores = await Promise.all([1, 2, 3].map(() => openPostgresStore(schema.url)));
    await Promise.all(stores.map((store) => store.close()));
    const again = await openPostgresStore(schema.url);
    await again.close();
    const { rows } = await inSchema((client) => client.query('SELECT version FROM schema_migrations ORDER BY version'));
    expect(rows.map((row) => row.version)).to.deep.equal(MIGRATIONS.map((migration) => migration.version));
  });

  it('when the schema is newer than this build, then the store refuses to open and says so', async () => {
    await (await openPostgresStore(schema.url)).close();
    await inSchema((client) =>
      client.query("INSERT INTO schema_migrations (version, name) VALUES (999, 'from the future')"),
    );
    const failure = await openPostgresStore(schema.url).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).to.be.instanceOf(PostgresStartError);
    expect((failure as Error).message).to.contain('schema is at version 999, newer than this build knows');
  });

  it('when a group is listed, then the rows come from the (collection, grp, key) index in key order, with no sort', async () => {
    await (await openPostgresStore(schema.url)).close();
    const plan = await inSchema(async (client) => {
      await client.query('SET enable_seqscan = off');
      const { rows } = await client.query(
        "EXPLAIN SELECT key, value FROM records WHERE collection = 'devices' AND grp = 'g' AND key > 'a' ORDER BY key LIMIT 10",
      );
      return rows.map((row) => row['QUERY PLAN'] as string).join('\n');
    });
    expect(plan).to.contain('records_by_group').and.not.contain('Sort');
  });

  it('when a COMMIT is in doubt, then its outcome is learned from txid_status', async () => {
    const xidOf = (ending: 'COMMIT' | 'ROLLBACK') =>
      inSchema(async (client) => {
        await client.query('BEGIN');
        const { rows } = await client.query<{ xid: string }>('SELECT txid_current()::text AS xid');
        await client.query(ending);
        return rows[0]!.xid;
      });
    await (await openPostgresStore(schema.url)).close();
    const pool = new Pool({ connectionString: connectionOf(schema.url).connectionString });
    try {
      expect(await commitOutcome(pool, await xidOf('COMMIT'), 2_000)).to.equal('committed');
      expect(await commitOutcome(pool, await xidOf('ROLLBACK'), 2_000)).to.equal('aborted');
    } finally {
      await pool.end();
    }
  });
});

import { expect } from 'chai';
import type { Logger } from 'pino';
import { MIGRATIONS } from '../../src/store/postgres/schema-steps.js';
import { openPostgresStore, PostgresStartError } from '../../src/store/postgres/postgres-store.js';
import { admin, freshSchema, postgresUnavailable, type Schema } from '../helpers/postgres.js';

const KNOWN = Math.max(...MIGRATIONS.map((migration) => migration.version));

/** A logger that keeps its warnings. */
function warningsLogger(): { logger: Logger; warnings: string[] } {
  const warnings: string[] = [];
  return { logger: { warn: (line: string) => warnings.push(line) } as unknown as Logger, warnings };
}

describe('PostgreSQL store: a schema a newer or an earlier build migrated (expand, then contract)', function () {
  let schema: Schema;
  before(async function () {
    if (await postgresUnavailable()) this.skip();
  });
  beforeEach(async () => {
    schema = await freshSchema();
    await (await openPostgresStore(schema.url)).close();
  });
  afterEach(async () => {
    await schema?.drop();
  });
  const inSchema = (sql: string, values: unknown[] = []) =>
    admin((client) => client.query(sql, values), schema.directUrl);

  it('when a newer build added a step that keeps this build working (an added column, compatible_from at most this version), then this build opens the schema, writes and reads, and logs that it runs on a newer schema', async () => {
    await inSchema('ALTER TABLE records ADD COLUMN added_later text');
    await inSchema('INSERT INTO schema_migrations (version, name, compatible_from) VALUES ($1, $2, $3)', [
      KNOWN + 1,
      'a column this build does not know',
      KNOWN,
    ]);
    const { logger, warnings } = warningsLogger();
    const store = await openPostgresStore(schema.url, { logger });
    try {
      await store.update('navigation', 'alice', () => ({ sort: 'recent' }), { owner: 'alice' });
      expect(await store.get('navigation', 'alice')).to.deep.equal({ sort: 'recent' });
    } finally {
      await store.close();
    }
    expect(warnings).to.deep.equal([
      `the database schema is at version ${KNOWN + 1}, newer than this build knows (${KNOWN}); each newer step keeps builds of version ${KNOWN} working (compatible_from), so this build runs on it`,
    ]);
  });

  for (const compatibleFrom of [KNOWN + 1, null]) {
    it(`when a newer step states compatible_from ${compatibleFrom ?? 'not at all'}, then this build refuses the schema, naming the step`, async () => {
      await inSchema('INSERT INTO schema_migrations (version, name, compatible_from) VALUES ($1, $2, $3)', [
        KNOWN + 2,
        'a dropped column',
        compatibleFrom,
      ]);
      const failure = await openPostgresStore(schema.url).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).to.be.instanceOf(PostgresStartError);
      expect((failure as Error).message).to.contain(
        `the database schema is at version ${KNOWN + 2}, newer than this build knows (${KNOWN}), and its step ${KNOWN + 2} (a dropped column) needs a build of version ${compatibleFrom ?? KNOWN + 2} or later: run a newer build`,
      );
    });
  }

  it('when an earlier build made schema_migrations (without compatible_from), then this build adds the column and fills it in for every step', async () => {
    await inSchema('ALTER TABLE schema_migrations DROP COLUMN compatible_from');
    await (await openPostgresStore(schema.url)).close();
    const { rows } = await inSchema('SELECT version, compatible_from FROM schema_migrations ORDER BY version');
    expect(rows).to.deep.equal(
      MIGRATIONS.map(({ version, compatibleFrom }) => ({ version, compatible_from: compatibleFrom })),
    );
  });
});

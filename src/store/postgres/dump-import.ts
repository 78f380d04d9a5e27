import type { ImportTarget } from '../records.js';
import { COLLECTIONS, type StoredRecord } from '../store.js';
import { connectClient } from './connect.js';
import { connectionOf, qualified } from './connection.js';
import { keyToText } from './key-text.js';
import { migrate } from './migrations.js';
import { recountQuotaUsage } from './recount.js';
import { collectionRecords } from './snapshot.js';
import { beginSql } from './transaction.js';

/**
 * An import into PostgreSQL as one transaction: the schema is migrated first;
 * then `records` and `quota_usage` are locked against writers (EXCLUSIVE: reads go
 * on, the instances' writes wait and, past their statement timeout, get 503); the
 * records are written in batches; and before COMMIT every owner's quota_usage row
 * is counted again from the records, so the rows are exact whatever the import
 * replaced. Nothing is kept unless COMMIT returns.
 */
export async function postgresTarget(url: string): Promise<ImportTarget> {
  const { client, connection } = await connectClient(connectionOf(url), { application_name: 'collab-service import' });
  try {
    await migrate(client, connection.schema);
    await client.query(beginSql({ schema: connection.schema })); // one transaction: it holds through a transaction pooler
    await client.query('LOCK TABLE records, quota_usage IN EXCLUSIVE MODE');
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  return {
    transactional: true,
    async *records() {
      for (const collection of COLLECTIONS) yield* collectionRecords(client, collection);
    },
    async write(records: StoredRecord[]) {
      const text = (value: string | undefined) => (value === undefined ? null : keyToText(value));
      await client.query(
        `INSERT INTO records (collection, key, grp, owner, value)
        SELECT collection, key, grp, owner, value::json FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS v(collection, key, grp, owner, value)
        ON CONFLICT (collection, key) DO UPDATE SET grp = EXCLUDED.grp, owner = EXCLUDED.owner, value = EXCLUDED.value`,
        [
          records.map((record) => record.collection),
          records.map((record) => keyToText(record.key)),
          records.map((record) => text(record.group)),
          records.map((record) => text(record.owner)),
          records.map((record) => JSON.stringify(record.value)),
        ],
      );
    },
    async commit() {
      try {
        await recountQuotaUsage(client);
        await client.query('COMMIT');
        // The planner's statistics at once rather than at autovacuum's next pass; the import is kept either way.
        await client.query(`ANALYZE ${qualified(connection, 'records')}`).catch(() => {});
      } finally {
        await client.end().catch(() => {});
      }
    },
    async abandon() {
      await client.query('ROLLBACK').catch(() => {});
      await client.end().catch(() => {});
    },
  };
}

import type { Client } from 'pg';
import { recountQuotaUsage } from '../../src/store/postgres/recount.js';
import { admin } from './postgres.js';

/** Each owner's quota_usage row as stored, and as counted again from the records (rolled back): they must agree. */
export async function usage(url: string): Promise<{ stored: Rows; counted: Rows }> {
  return admin(async (client) => {
    await client.query('BEGIN');
    try {
      const stored = await usageRows(client);
      await recountQuotaUsage(client);
      return { stored, counted: await usageRows(client) };
    } finally {
      await client.query('ROLLBACK');
    }
  }, url);
}

export type Rows = Record<string, { bytes: string; counts: Record<string, number> }>;

async function usageRows(client: Client): Promise<Rows> {
  const { rows } = await client.query<{ owner: string; bytes: string; counts: Record<string, number> }>(
    'SELECT owner, bytes::text AS bytes, counts FROM quota_usage ORDER BY owner',
  );
  // An owner who keeps nothing has a row of zeros, or none: the same.
  const held = rows
    .map((row) => ({ ...row, counts: Object.fromEntries(Object.entries(row.counts).filter(([, n]) => n !== 0)) }))
    .filter((row) => row.bytes !== '0' || Object.keys(row.counts).length > 0);
  return Object.fromEntries(held.map(({ owner, bytes, counts }) => [owner, { bytes, counts }]));
}

import { USAGE_MOVED } from './usage-bounds.js';

/**
 * The functions a batch calls (runBatch), in PL/pgSQL: their plans are kept per server connection, which a
 * transaction pooler allows (a named prepared statement it would lose). They are not schema steps: a step raises
 * the schema's version, which builds before compatible_from refuse, and these only add what this build calls. Each
 * is named with its version and made at start-up, in the migration's transaction, when the schema has none of
 * that name; one there is never replaced (only its owner may, and an instance may run as another role): a body that
 * changes is a new name (`_v2`), and the old one stays for the builds that call it.
 */
export const BATCH_FUNCTIONS: readonly { name: string; sql: string }[] = [
  {
    name: 'add_usage_v1',
    sql: `
      -- A batch's usage, read unlocked (read_batch_v1): adds each owner's bytes and counts under the row's lock (the
      -- row as last committed, whoever wrote it), in owner order by the database's default collation (as lockRows and
      -- earlier builds lock them: batches of any build never wait on each other's rows in a circle), and refuses with
      -- serialization_failure (USAGE_MOVED, usage-bounds.ts), keeping nothing, when an owner's usage before the
      -- addition is outside the bounds the batch's quota checks were decided in (null: unbounded; dimension '' is
      -- bytes, else a collection's records).
      CREATE FUNCTION add_usage_v1(owners_in text[], bytes_in bigint[], counts_in jsonb[],
                                bounded_in text[], dimensions_in text[], above_in float8[], at_most_in float8[]) RETURNS void
      LANGUAGE plpgsql AS $$
      DECLARE
        outside integer;
      BEGIN
        WITH added AS (
          INSERT INTO quota_usage AS u (owner, bytes, counts)
            SELECT o, b, c FROM unnest(owners_in, bytes_in, counts_in) AS t(o, b, c) ORDER BY o COLLATE "default"
          ON CONFLICT (owner) DO UPDATE SET bytes = u.bytes + EXCLUDED.bytes, counts = (
            SELECT coalesce(jsonb_object_agg(key, total), '{}') FROM (
              SELECT key, sum(value::bigint) AS total
              FROM (SELECT * FROM jsonb_each_text(u.counts) UNION ALL SELECT * FROM jsonb_each_text(EXCLUDED.counts)) AS both_
              GROUP BY key) AS summed)
          RETURNING u.owner, u.bytes, u.counts)
        SELECT count(*) INTO outside
        FROM added a
          JOIN unnest(owners_in, bytes_in, counts_in) AS t(o, b, c) ON t.o = a.owner
          JOIN unnest(bounded_in, dimensions_in, above_in, at_most_in) AS k(o, dimension, above, at_most) ON k.o = a.owner
          CROSS JOIN LATERAL (SELECT CASE WHEN k.dimension = '' THEN a.bytes - t.b
            ELSE coalesce((a.counts->>k.dimension)::bigint, 0) - coalesce((t.c->>k.dimension)::bigint, 0) END AS before) AS was
        WHERE was.before <= k.above OR was.before > k.at_most;
        IF outside > 0 THEN
          RAISE EXCEPTION '${USAGE_MOVED}' USING ERRCODE = 'serialization_failure';
        END IF;
      END $$;`,
  },
  {
    name: 'read_batch_v1',
    sql: `
      -- A batch's first statement (runBatch): locks its keys and limited groups in hash order (as every instance
      -- does: batches never deadlock), then its transaction id, the records as stored, and (owners_in not null) its
      -- owners' usage, unlocked, as one document.
      CREATE FUNCTION read_batch_v1(collections text[], keys_in text[], grouped_collections text[], groups_in text[],
                                 owners_in text[]) RETURNS json
      LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM count(pg_advisory_xact_lock(h)) FROM (
          SELECT hashtextextended(c || '/' || k, 0) AS h FROM unnest(collections, keys_in) AS t(c, k)
          UNION SELECT hashtextextended(c || '/' || g, 1) FROM unnest(grouped_collections, groups_in) AS t(c, g)
          ORDER BY 1) AS ordered;
        RETURN json_build_object(
          'xid', txid_current()::text,
          'records', (SELECT coalesce(json_agg(json_build_object('i', t.i, 'value', r.value, 'grp', r.grp,
                        'owner', r.owner, 'bytes', octet_length(r.value::text))), '[]')
                      FROM unnest(collections, keys_in) WITH ORDINALITY AS t(c, k, i)
                      JOIN records r ON r.collection = t.c AND r.key = t.k),
          'usage', CASE WHEN owners_in IS NOT NULL THEN (
                     SELECT coalesce(json_agg(json_build_object('owner', u.owner, 'bytes', u.bytes, 'counts', u.counts)), '[]')
                     FROM quota_usage u WHERE u.owner = ANY(owners_in)) END);
      END $$;`,
  },
  {
    name: 'write_records_v1',
    sql: `
      -- A batch's writes: the last state of each changed record (values: a JSON array of them, in order), upserted,
      -- and the records it removed, deleted.
      CREATE FUNCTION write_records_v1(collections text[], keys_in text[], groups_in text[], owners_in text[],
                                    values_in json, gone_collections text[], gone_keys text[]) RETURNS void
      LANGUAGE plpgsql AS $$
      BEGIN
        IF cardinality(collections) > 0 THEN
          INSERT INTO records (collection, key, grp, owner, value)
            SELECT * FROM ROWS FROM (unnest(collections), unnest(keys_in), unnest(groups_in), unnest(owners_in),
                                     json_array_elements(values_in))
          ON CONFLICT (collection, key) DO UPDATE SET grp = EXCLUDED.grp, owner = EXCLUDED.owner, value = EXCLUDED.value;
        END IF;
        IF cardinality(gone_collections) > 0 THEN
          DELETE FROM records WHERE (collection, key) IN (SELECT * FROM unnest(gone_collections, gone_keys));
        END IF;
      END $$;`,
  },
];

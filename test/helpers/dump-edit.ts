import { createHash } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { runCommand } from './dump.js';
import { admin, freshSchema, postgresUnavailable, type Schema } from './postgres.js';
import { freshDataFile } from './service.js';

/** A dump's lines, changed by `edit`, written as a new dump; with `reseal`, its trailer is made to match again (counts and checksum). */
export async function variant(
  from: string,
  name: string,
  edit: (lines: string[]) => string[],
  reseal = false,
): Promise<string> {
  const lines = edit((await readFile(from, 'utf8')).split('\n').slice(0, -1));
  if (reseal) {
    // The collection from the line's start: a record line may be too deep to parse quickly.
    const records = lines.slice(1, -1).map((line) => ({ collection: /^\{"collection":"(\w+)"/.exec(line)?.[1] }));
    const counts = JSON.parse(lines.at(-1)!).counts as Record<string, number>;
    for (const collection of Object.keys(counts))
      counts[collection] = records.filter((record) => record.collection === collection).length;
    const sha256 = createHash('sha256')
      .update(
        lines
          .slice(1, -1)
          .map((line) => `${line}\n`)
          .join(''),
      )
      .digest('hex');
    lines[lines.length - 1] = JSON.stringify({ end: 'collab-dump', records: records.length, counts, sha256 });
  }
  const path = join(from, '..', name);
  await writeFile(path, lines.map((line) => `${line}\n`).join(''));
  return path;
}

/**
 * Replaces the first record line of `collection` (of `key`, when given) by `change`'s
 * version of its record; `change` may return the new line's text itself, for values
 * too deep to build as objects.
 */
export const changeFirst =
  (collection: string, change: (record: Record<string, unknown>) => unknown, key?: string) => (lines: string[]) => {
    const prefix = `{"collection":"${collection}"${key === undefined ? '' : `,"key":${JSON.stringify(key)}`}`;
    const at = lines.findIndex((line) => line.startsWith(prefix));
    if (at === -1) throw new Error(`the dump holds no ${collection} record${key === undefined ? '' : ` ${key}`}`);
    const record = JSON.parse(lines[at]!) as Record<string, unknown>;
    const returned = change(record);
    const text = typeof returned === 'string' ? returned : JSON.stringify(record);
    return lines.map((line, index) => (index === at ? text : line));
  };

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** Tables in the schema a test URL names. */
async function tablesIn(schema: Schema): Promise<number> {
  return admin(async (client) =>
    Number(
      (await client.query('SELECT count(*) FROM information_schema.tables WHERE table_schema = $1', [schema.name]))
        .rows[0].count,
    ),
  );
}

/**
 * Imports `path` into a fresh lowdb file and (when PostgreSQL is there) a fresh schema,
 * pushed to `schemas` for dropping; expects both refused with one line matching `why`,
 * and nothing made. Resolves to the lowdb refusal's stderr.
 */
export async function expectImportRefused(path: string, why: RegExp, schemas: Schema[]): Promise<string> {
  const lowdb = await freshDataFile();
  const schema = (await postgresUnavailable()) ? undefined : await freshSchema();
  if (schema) schemas.push(schema);
  const [refused, intoPostgres] = await Promise.all([
    runCommand('import', [path], { DATA_FILE: lowdb }),
    schema && runCommand('import', [path], { DATABASE_URL: schema.url }),
  ]);
  expect(refused.code, refused.stderr).to.equal(1);
  expect(refused.stderr.trim().split('\n')).to.have.length(1);
  expect(refused.stderr)
    .to.match(why)
    .and.match(/nothing was written/);
  expect(await exists(lowdb), 'no data file made').to.equal(false);
  if (!schema || !intoPostgres) return refused.stderr;
  expect(intoPostgres.code, intoPostgres.stderr).to.equal(1);
  expect(intoPostgres.stderr.trim().split('\n')).to.have.length(1);
  expect(intoPostgres.stderr).to.match(why);
  expect(await tablesIn(schema), 'nothing made in the database').to.equal(0);
  return refused.stderr;
}

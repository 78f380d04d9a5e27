import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { DUMP_FORMAT, headerLine, RECORDS_SCHEMA_VERSION } from '../../src/dump/dump-format.js';
import { DATA_FORMAT_VERSION, FORMAT_NAMES, OLDEST_UPGRADED } from '../../src/store/lowdb/engine/data-format.js';
import { manifestText, SHARDS } from '../../src/store/lowdb/engine/manifest.js';
import { MIGRATIONS } from '../../src/store/postgres/schema-steps.js';
import { COLLECTIONS } from '../../src/store/store.js';

// What the operators' documents state about what the code writes, read from the code: a format, a version or a
// table changed in code and not in the documents fails here. (The image's size is checked where it is built: test/image/.)

const doc = (path: string) => readFileSync(path, 'utf8');
const operators = (name: string) => doc(join('docs', 'operators', name));
const everyDoc = [
  'README.md',
  ...readdirSync('docs').flatMap((name) => (name.endsWith('.md') ? [join('docs', name)] : [])),
  ...readdirSync(join('docs', 'operators')).map((name) => join('docs', 'operators', name)),
];
/** The text from `heading` to the next heading of its level or above. */
function section(text: string, heading: string): string {
  const start = text.indexOf(`\n${heading}\n`);
  expect(start, heading).to.be.at.least(0);
  const level = heading.split(' ')[0]!;
  const next = text.slice(start + heading.length + 2).search(new RegExp(`\\n#{1,${level.length}} `));
  return next < 0 ? text.slice(start) : text.slice(start, start + heading.length + 2 + next);
}
const NUMBERS = ['No', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten'];
const SCHEMA_VERSION = Math.max(...MIGRATIONS.map((migration) => migration.version));
/** The tables the migrations make, and schema_migrations, which migrate() makes. */
const TABLES = [
  ...MIGRATIONS.flatMap(({ sql }) => [...sql.matchAll(/CREATE (?:UNLOGGED )?TABLE (\w+)/g)].map((match) => match[1]!)),
  'schema_migrations',
];
/** The columns of records, as made and added. */
const RECORD_COLUMNS = MIGRATIONS.flatMap(({ sql }) => [
  ...[...(/CREATE TABLE records \(([^;]*)\);/.exec(sql)?.[1] ?? '').matchAll(/^\s*(\w+) /gm)]
    .map((match) => match[1]!)
    .filter((name) => name !== 'PRIMARY'),
  ...[...sql.matchAll(/ALTER TABLE records ADD COLUMN (\w+)/g)].map((match) => match[1]!),
]);

describe('the documents state what the code writes', () => {
  it('when a document shows a lowdb manifest or names a format, then it is one this build writes or reads', () => {
    for (const path of everyDoc) {
      for (const [manifest] of doc(path).matchAll(/\{"format":"collab-lowdb[^}]*\}/g))
        expect(manifest, path).to.equal(manifestText((JSON.parse(manifest) as { shards: number }).shards));
      for (const [name] of doc(path).matchAll(/collab-lowdb[\w-]*/g)) expect(FORMAT_NAMES, path).to.include(name);
    }
    expect(operators('storage.md')).to.contain(`\`${manifestText(SHARDS)}\``);
    expect(doc('docs/how-it-works.md')).to.contain(`format \`${FORMAT_NAMES[DATA_FORMAT_VERSION]}\``);
  });

  it("when moving-data.md tells of upgrading old files, then it states this build's data-format version and has a row for each one it upgrades, named as the code names it", () => {
    const upgrading = section(operators('moving-data.md'), '## Upgrading old files');
    expect(upgrading).to.contain(`(\`"version":${DATA_FORMAT_VERSION}\`)`);
    const rows = [...upgrading.matchAll(/^\| (\d+) +\| (.*)$/gm)];
    const upgraded = [...Array(DATA_FORMAT_VERSION - OLDEST_UPGRADED).keys()].map((n) => n + OLDEST_UPGRADED);
    expect(rows.map((row) => Number(row[1]))).to.deep.equal(upgraded);
    for (const [, version, rest] of rows) expect(rest).to.contain(`\`${FORMAT_NAMES[Number(version)]}\``);
  });

  it("when a document shows a dump's header or lists its collections, then they are the ones this build writes", () => {
    const header = headerLine(new Date(0), 'lowdb').replace(/"createdAt":"[^"]*"/, '"createdAt":"…"');
    const headers = everyDoc.flatMap((path) => [...doc(path).matchAll(/\{"format":"collab-dump"[^}]*\}/g)]);
    expect(headers).to.have.length.above(0);
    for (const [shown] of headers) expect(shown.replace(/"source":"\w+"/, '"source":"lowdb"')).to.equal(header);
    const order = /in dump order: collections as ([^;]*);/.exec(operators('moving-data.md'))?.[1];
    expect(order?.split(/,\s+/)).to.deep.equal([...COLLECTIONS]);
    expect(DUMP_FORMAT).to.equal('collab-dump');
  });

  it("when deployment.md describes the PostgreSQL schema, then it counts and names every table the migrations make, and records' every column", () => {
    const schema = /- \*\*Schema and upgrades\.\*\*([^]*?)\n- \*\*/.exec(operators('deployment.md'))?.[1] ?? '';
    expect(schema.trim()).to.match(new RegExp(`^${NUMBERS[TABLES.length]} tables`));
    for (const table of TABLES) expect(schema, table).to.contain(`\`${table}\``);
    expect(RECORD_COLUMNS).to.include.members(['collection', 'key', 'grp', 'value', 'owner']);
    for (const column of RECORD_COLUMNS) expect(schema, column).to.contain(`\`${column}\``);
  });

  it("when deployment.md tells of upgrades and rollbacks, then it states this build's data format, schema version and records schema", () => {
    expect(section(operators('deployment.md'), '## Upgrades and rollbacks').replace(/\s+/g, ' ')).to.contain(
      `This build writes data format ${DATA_FORMAT_VERSION}, PostgreSQL schema version ${SCHEMA_VERSION} and dumps of records schema ${RECORDS_SCHEMA_VERSION}`,
    );
  });
});

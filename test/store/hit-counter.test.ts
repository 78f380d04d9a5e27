import { expect } from 'chai';
import { Pool } from 'pg';
import { connectionOf, type Connection } from '../../src/store/postgres/connection.js';
import { openPostgresStore } from '../../src/store/postgres/postgres-store.js';
import { postgresHits } from '../../src/store/postgres/hit-counter.js';
import { freshSchema, postgresUnavailable, type Schema } from '../helpers/postgres.js';

describe('PostgreSQL hit counter (rate limits shared by instances)', () => {
  let schema: Schema;
  let pool: Pool;
  let connection: Connection;
  let statements = 0;
  /** Statements wait for it: while it is held, the first statement stays in flight. */
  let gate = Promise.resolve();

  before(async function () {
    if (await postgresUnavailable()) this.skip();
    schema = await freshSchema();
    await (await openPostgresStore(schema.url)).close(); // migrates: the hits table
    connection = connectionOf(schema.url);
    pool = new Pool({ connectionString: connection.connectionString, max: 4 });
    // Counts the statements, and holds them at the gate.
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    (pool as unknown as { query: typeof query }).query = async (...args: unknown[]) => {
      statements++;
      await gate;
      return query(...args);
    };
  });
  after(async () => {
    await pool?.end();
    await schema?.drop();
  });

  it('when hits arrive turn after turn while a statement is in flight, then they share the next statement, and each gets its own place in the count', async () => {
    const hits = postgresHits(pool, connection);
    let open = () => {};
    gate = new Promise((resolve) => {
      open = resolve;
    });
    const counted: Promise<{ hits: number }>[] = [];
    for (let turn = 0; turn < 40; turn++) {
      counted.push(hits.hit('alice/writes', 60_000), hits.hit(`key-${turn % 2}`, 60_000));
      await new Promise((resolve) => setImmediate(resolve)); // the next hits come in a later turn
    }
    open();
    const alice = (await Promise.all(counted.filter((_, index) => index % 2 === 0))).map((hit) => hit.hits);
    expect(alice.toSorted((a, b) => a - b)).to.deep.equal(Array.from({ length: 40 }, (_, index) => index + 1));
    const others = (await Promise.all(counted.filter((_, index) => index % 2 === 1))).map((hit) => hit.hits);
    expect(others.toSorted((a, b) => a - b)).to.deep.equal(
      Array.from({ length: 40 }, (_, index) => Math.floor(index / 2) + 1),
    );
    // 40 turns: the first turn's statement, held in flight, then one for everything that waited meanwhile.
    expect(statements, 'statements for 40 turns of hits').to.equal(2);
  });
});

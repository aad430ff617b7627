import net from 'node:net';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../../../tests/support/db';
import { queueWithCommit } from './pipelined-transaction';
import { rowsOf } from './rows';

/** Socket writes from this process to PostgreSQL while `run` runs: postgres.js writes once per round trip. */
async function writesDuring(port: number, run: () => Promise<unknown>): Promise<number> {
  let writes = 0;
  const write = net.Socket.prototype.write;
  net.Socket.prototype.write = function (this: net.Socket, ...args: unknown[]) {
    if (this.remotePort === port) writes += 1;
    return (write as (...a: unknown[]) => boolean).apply(this, args);
  } as typeof write;
  try {
    await run();
  } finally {
    net.Socket.prototype.write = write;
  }
  return writes;
}

// Transactions that wait for no reply they do not need (ADR 078). PostgreSQL only: PGlite is in-process.
describe.skipIf(!process.env.TEST_DATABASE_URL)('pipelined transactions [postgres]', () => {
  let test: TestDatabase;
  let admin: postgres.Sql;
  const port = Number(new URL(process.env.TEST_DATABASE_URL ?? 'postgres://x:5432').port || 5432);
  const db = () => test.database.db;
  const notes = async () =>
    (await test.database.query<{ note: string }>('SELECT note FROM probe_notes ORDER BY id')).map((r) => r.note);
  const note = (tx: Parameters<Parameters<ReturnType<typeof db>['transaction']>[0]>[0], text: string) =>
    tx.execute(sql`INSERT INTO probe_notes (note) VALUES (${text})`);

  beforeAll(async () => {
    test = await freshDatabase('postgres', { max: 3 });
    admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
    await test.database.query(
      'CREATE TABLE probe_notes (id serial PRIMARY KEY, note text NOT NULL CHECK (note <> $$bad$$))',
    );
  });
  afterAll(async () => {
    await admin?.end();
    await test?.dispose();
  });

  it('sends BEGIN with the first statement, SAVEPOINT and RELEASE with their neighbours, and COMMIT with what was queued for it', async () => {
    const transaction = () =>
      db().transaction(async (tx) => {
        await note(tx, 'one');
        await tx.transaction((inner) => note(inner, 'two'));
        expect(queueWithCommit(tx, 'INSERT INTO probe_notes (note) VALUES ($1)', ['three'])).toBe(true);
      });
    await transaction(); // each connection prepares a statement once; count a warm one
    await test.database.query('TRUNCATE probe_notes');
    // Waiting for every reply: BEGIN, one, SAVEPOINT, two, RELEASE, three, COMMIT.
    expect(await writesDuring(port, transaction)).toBe(3);
    expect(await notes()).toEqual(['one', 'two', 'three']);
  });

  it('a failed savepoint rolls back only its own writes, and the transaction goes on and commits the rest', async () => {
    await test.database.query('TRUNCATE probe_notes');
    await db().transaction(async (tx) => {
      await note(tx, 'before');
      await expect(
        tx.transaction(async (inner) => {
          await note(inner, 'inside');
          await note(inner, 'bad');
        }),
      ).rejects.toThrow();
      await note(tx, 'after');
    });
    expect(await notes()).toEqual(['before', 'after']);
  });

  it('a failure the work swallowed without a savepoint is not reported as a commit', async () => {
    await test.database.query('TRUNCATE probe_notes');
    const swallowed = db().transaction(async (tx) => {
      await note(tx, 'kept?');
      await note(tx, 'bad').catch(() => {});
    });
    await expect(swallowed).rejects.toThrow(/check constraint|rolled the transaction back/);
    expect(await notes()).toEqual([]);
  });

  it('a statement sent with COMMIT that fails rolls the whole transaction back and reaches the caller', async () => {
    await test.database.query('TRUNCATE probe_notes');
    const failing = db().transaction(async (tx) => {
      await note(tx, 'first');
      queueWithCommit(tx, 'INSERT INTO probe_notes (note) VALUES ($1)', ['bad']);
    });
    await expect(failing).rejects.toThrow(/check constraint/);
    expect(await notes()).toEqual([]);
    // Inside a savepoint there is no COMMIT to go with: the caller runs the statement itself.
    await db().transaction(async (tx) => {
      await tx.transaction(async (inner) => {
        expect(queueWithCommit(inner, 'SELECT 1', [])).toBe(false);
      });
    });
  });

  it("a statement outside any transaction never runs inside another request's transaction, even with every connection busy", async () => {
    await test.database.query('TRUNCATE probe_notes');
    // Every connection of the pool busy, as under load: the transaction must wait for one of its own.
    await Promise.all([1, 2, 3].map(() => test.database.query('SELECT pg_sleep(0.05)'))); // all three connected
    const sleepers = [1, 2, 3].map(() => test.database.query('SELECT pg_sleep(0.3)'));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const rolledBack = db().transaction(async (tx) => {
      await note(tx, 'inside, rolled back');
      await gate;
      throw new Error('the work gave up');
    });
    const outside = [1, 2, 3].map((i) => test.database.query(`INSERT INTO probe_notes (note) VALUES ('outside ${i}')`));
    await Promise.all([...sleepers, ...outside]);
    open();
    await expect(rolledBack).rejects.toThrow('the work gave up');
    expect((await notes()).sort()).toEqual(['outside 1', 'outside 2', 'outside 3']);
  });

  it('a connection killed mid-transaction: the work runs again on a fresh one, once, and the pool keeps working', async () => {
    await test.database.query('TRUNCATE probe_notes');
    let attempts = 0;
    await db().transaction(async (tx) => {
      attempts += 1;
      await note(tx, `attempt ${attempts}`);
      if (attempts === 1) {
        const [me] = rowsOf<{ pid: number }>(await tx.execute(sql`SELECT pg_backend_pid() AS pid`));
        await admin`SELECT pg_terminate_backend(${me!.pid})`;
      }
      await note(tx, `end of ${attempts}`);
    });
    expect(attempts).toBe(2);
    expect(await notes()).toEqual(['attempt 2', 'end of 2']);
    // Nothing was given back to the pool in a broken state, nor lost from it: many transactions at
    // once on three connections all finish.
    await Promise.all(Array.from({ length: 30 }, (_, i) => db().transaction((tx) => note(tx, `n${i}`))));
    expect(await notes()).toHaveLength(32);
  });
});

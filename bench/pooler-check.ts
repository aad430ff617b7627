/**
 * Is this connection pooler safe for the game? (docs/capacity.md) `node --import tsx bench/pooler-check.ts <url>`
 * runs, through the URL, the two things the game does that a pooler can break, with the game's driver
 * (postgres.js, a pool of 10 as `createDb` opens it):
 *
 * 1. 400 concurrent transactions, each a read, an INSERT … RETURNING and a read back, as the services run
 *    them; afterwards it counts the transactions that failed and, worse, those acknowledged as committed
 *    whose row is not there.
 * 2. The migration lock: `pg_advisory_lock` then `pg_advisory_unlock` as two statements on the pool, as
 *    `migrate` takes it, once the pool has several connections open; an unlock that answers false went
 *    to another connection than the lock, which stays held until that connection closes.
 *
 * It works in a table of its own (created and dropped) and prints one JSON line. Add `?prepare=false` to
 * the URL to see the driver without named prepared statements. Exit code 1 when anything was lost.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

const url = process.argv[2] ?? process.env.DATABASE_URL;
if (!url) throw new Error('usage: pooler-check.ts <postgres url>');
const transactions = Number(process.env.POOLER_CHECK_TRANSACTIONS ?? 400);

/**
 * Lock then unlock as two statements on a pool that has several connections open, as `migrate` does. The
 * non-blocking try-lock keeps the check from hanging when an earlier unlock went to the wrong connection.
 */
async function migrationLockRounds(sql: postgres.Sql): Promise<{ rounds: number; refused: number }> {
  const rounds = 20;
  let refused = 0;
  for (let round = 0; round < rounds; round += 1) {
    await sql`SELECT pg_try_advisory_lock(7353999)`;
    const [row] = await sql`SELECT pg_advisory_unlock(7353999) AS released`;
    if (!row?.released) refused += 1;
  }
  return { rounds, refused };
}

async function main(): Promise<void> {
  const sql = postgres(url!, { max: 10, onnotice: () => {} });
  const table = `pooler_check_${randomBytes(4).toString('hex')}`;
  await sql.unsafe(`CREATE TABLE ${table} (id serial PRIMARY KEY, v int NOT NULL)`);
  const acknowledged: number[] = [];
  const failures: Record<string, number> = {};
  try {
    await Promise.all(
      Array.from({ length: transactions }, async (_, i) => {
        try {
          const id = await sql.begin(async (tx) => {
            await tx`SELECT ${i}::int AS i`;
            const [row] = await tx.unsafe<{ id: number }[]>(`INSERT INTO ${table} (v) VALUES ($1) RETURNING id`, [i]);
            await tx.unsafe(`SELECT count(*) FROM ${table} WHERE v = $1`, [i]);
            return row!.id;
          });
          acknowledged.push(id);
        } catch (error) {
          const code = (error as { code?: string }).code ?? 'error';
          failures[code] = (failures[code] ?? 0) + 1;
        }
      }),
    );
    const present = new Set((await sql.unsafe<{ id: number }[]>(`SELECT id FROM ${table}`)).map((r) => r.id));
    const lost = acknowledged.filter((id) => !present.has(id)).length;
    const unlock = await migrationLockRounds(sql);
    console.log(
      JSON.stringify({
        transactions,
        acknowledged: acknowledged.length,
        failed: failures,
        acknowledgedButMissing: lost,
        migrationLockUnlockRefused: `${unlock.refused} of ${unlock.rounds} on a warm pool`,
      }),
    );
    if (lost > 0) process.exitCode = 1;
  } finally {
    await sql.unsafe(`DROP TABLE IF EXISTS ${table}`);
    // A lock left on a pooled server connection would outlive us; end every connection of this pool.
    await sql.end({ timeout: 5 });
  }
}

await main();

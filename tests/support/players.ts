import type { GearDrop } from '../../src/core/rules/drops';
import type { Database } from '../../src/server/db/connect';
import { credit } from '../../src/server/wallet';

let counter = 0;

/**
 * Players inserted straight into the database, for tests of the shared modules that need no
 * session (registering through the API costs an argon2 hash each). A starting balance is granted
 * through the wallet, so the ledger agrees with it from the first row.
 */
export async function insertPlayers(
  database: Database,
  count: number,
  options: { telnet?: number } = {},
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    counter += 1;
    const tag = `w${process.pid % 1000}x${counter}`;
    const [row] = await database.query<{ id: number }>(
      `INSERT INTO users (login_id, username, password_hash, attack, critical_rate, bonus_critical_hit, connection_rate,
         item_drop_rate, tap_tokens, tap_tokens_at, registration_ip)
       VALUES ($1, $1, 'x', 1, 5, 0, 10, 0.1, 20, 0, '10.9.9.9') RETURNING id`,
      [tag],
    );
    ids.push(Number(row!.id));
  }
  if (options.telnet) {
    await database.db.transaction(async (tx) => {
      for (const userId of ids)
        await credit(tx, { userId, amount: options.telnet!, reason: 'operator-grant', reference: 'test-setup' });
    });
  }
  return ids;
}

/** The ledger rows of a player, oldest first. */
export async function ledgerRows(database: Database, userId: number) {
  const rows = await database.query<{ delta: string | number; reason: string; reference: string }>(
    'SELECT delta, reason, reference FROM telnet_ledger WHERE user_id = $1 ORDER BY id',
    [userId],
  );
  return rows.map((r) => ({ delta: Number(r.delta), reason: r.reason, reference: r.reference }));
}

/** Runs a statement expected to fail and returns the database's message. */
export async function failureOf(database: Database, text: string, params: unknown[] = []): Promise<string> {
  try {
    await database.query(text, params);
  } catch (error) {
    return String((error as Error).message);
  }
  throw new Error(`expected to fail: ${text}`);
}

/** A plain piece of gear for tests that need items, not particular ones. */
export const sampleGear: GearDrop = {
  name: 'Scrap Core CPU',
  description: 'test',
  type: 'cpu',
  rarity: 'common',
  level: 1,
  statValue: 2,
};

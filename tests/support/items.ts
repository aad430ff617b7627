import { randomUUID } from 'node:crypto';
import type { GearType, Rarity } from '../../src/core/items';
import type { CoreTypeName } from '../../src/core/items';
import { createGrantService } from '../../src/server/features/grant/service';
import type { Player, TestApp } from './app';

/** Gives a player Telnet and items through the operator grant (the same wallet and inventory as play). */
export async function grant(
  app: TestApp,
  player: { loginId: string },
  what: {
    telnet?: number;
    exp?: number;
    gear?: { type: GearType; level?: number; rarity?: Rarity };
    core?: CoreTypeName;
  },
) {
  const result = await createGrantService({ database: app.db.database }).grant({ loginId: player.loginId, ...what });
  if (result.kind !== 'granted') throw new Error(`grant refused: ${result.kind}`);
  return result;
}

export const gearOf = async (
  app: TestApp,
  p: { loginId: string },
  type: GearType = 'cpu',
  rarity: Rarity = 'common',
  level = 1,
) => (await grant(app, p, { gear: { type, rarity, level } })).gearIds[0]!;
export const coreOf = async (app: TestApp, p: { loginId: string }, core: CoreTypeName = 'T-1') =>
  (await grant(app, p, { core })).coreIds[0]!;

/** A POST with a fresh Idempotency-Key (one per user action, as the client sends). */
export function act(p: Player, url: string, body?: unknown, key: string = randomUUID()) {
  return p.request('POST', url, body, { 'idempotency-key': key });
}

/** Counts of the rows a test checks stay unchanged after a refused request. */
export async function snapshot(app: TestApp) {
  const q = async (sql: string) => JSON.stringify(await app.db.database.query(sql));
  return [
    await q('SELECT id, user_id, escrow_id, is_equipped FROM gear ORDER BY id'),
    await q('SELECT id, user_id, escrow_id, is_used FROM telnet_cores ORDER BY id'),
    await q('SELECT id, telnet FROM users ORDER BY id'),
    await q('SELECT count(*)::int AS n FROM telnet_ledger'),
    await q('SELECT id, status FROM market_listings ORDER BY id'),
  ].join('\n');
}

/** When each of a player's idempotency keys was stamped (ms): retention counts from the app's clock. */
export async function keyStamps(app: TestApp, userId: number): Promise<number[]> {
  const rows = await app.db.database.query<{ at: string | Date }>(
    'SELECT created_at AS at FROM idempotency_keys WHERE user_id = $1 ORDER BY created_at',
    [userId],
  );
  return rows.map((r) => new Date(r.at).getTime());
}

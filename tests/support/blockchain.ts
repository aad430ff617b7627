import type { Player, TestApp } from './app';
import { act } from './items';

/** The Blockchain test helpers: the code is read from the database, never from the API. */
export async function activeCode(
  app: TestApp,
): Promise<{ id: number; code: string; integrity: number; codeVersion: number }> {
  const [row] = await app.db.database.query<{ id: number; code: string; integrity: number; code_version: number }>(
    "SELECT id, code, integrity, code_version FROM blockchain_bosses WHERE status = 'active'",
  );
  if (!row) throw new Error('no active boss');
  return {
    id: Number(row.id),
    code: row.code,
    integrity: Number(row.integrity),
    codeVersion: Number(row.code_version),
  };
}

/** A guess that is surely wrong for `code` (every digit shifted by one). */
export const wrongFor = (code: string) => [...code].map((d) => String((Number(d) + 1) % 10)).join('');

export function submit(p: Player, bossId: number, guess: string, key?: string) {
  return act(p, '/api/blockchain/submit-code', { bossId, guess }, key);
}

/** Sets a player's progress and combat stats directly (tests only). */
export async function setPlayer(
  app: TestApp,
  p: { id: number },
  stats: { attack?: number; exp?: number; level?: number; criticalRate?: number; bonusCriticalHit?: number },
) {
  const q = app.db.database;
  if (stats.attack !== undefined) await q.query('UPDATE users SET attack = $2 WHERE id = $1', [p.id, stats.attack]);
  if (stats.exp !== undefined) await q.query('UPDATE users SET current_exp = $2 WHERE id = $1', [p.id, stats.exp]);
  if (stats.level !== undefined) await q.query('UPDATE users SET level = $2 WHERE id = $1', [p.id, stats.level]);
  if (stats.criticalRate !== undefined)
    await q.query('UPDATE users SET critical_rate = $2 WHERE id = $1', [p.id, stats.criticalRate]);
  if (stats.bonusCriticalHit !== undefined)
    await q.query('UPDATE users SET bonus_critical_hit = $2 WHERE id = $1', [p.id, stats.bonusCriticalHit]);
}

export async function setIntegrity(app: TestApp, integrity: number) {
  await app.db.database.query("UPDATE blockchain_bosses SET integrity = $1 WHERE status = 'active'", [integrity]);
}

export async function expOf(app: TestApp, p: { id: number }): Promise<{ level: number; exp: number }> {
  const [row] = await app.db.database.query<{ level: number; current_exp: number }>(
    'SELECT level, current_exp FROM users WHERE id = $1',
    [p.id],
  );
  return { level: Number(row!.level), exp: Number(row!.current_exp) };
}

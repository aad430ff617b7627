import { expect } from 'vitest';
import type { Role } from '../../src/core/api/admin';
import { runRoleCommand } from '../../src/server/features/admin/role-command';
import { asPlayer, buildTestApp, type Player, type TestApp } from './app';
import type { DriverKind } from './db';

/** A new account made moderator or admin the way an operator does it: through `npm run role`'s command. */
export async function asOperator(app: TestApp, role: Exclude<Role, 'player'>): Promise<Player> {
  const p = await asPlayer(app);
  const outcome = await runRoleCommand({ database: app.db.database, now: () => app.clock.now }, [p.loginId, role]);
  expect(outcome.kind).toBe('set');
  return p;
}

/** The audit rows written about a player, oldest first. */
export async function auditRowsOf(app: TestApp, targetUserId: number) {
  return app.db.database.query<{
    action: string;
    actor_label: string;
    actor_id: number | null;
    reason: string;
    before: unknown;
    after: unknown;
  }>(
    'SELECT action, actor_label, actor_id, reason, before, after FROM audit_log WHERE target_user_id = $1 ORDER BY id',
    [targetUserId],
  );
}

/** A console route's path for one player (`:userId` filled in). */
export const userPath = (path: string, userId: number | string) => path.replace(':userId', String(userId));

/** The test app and a moderator made through the role command: the start of every console suite. */
export async function consoleApp(driver: DriverKind): Promise<{ app: TestApp; moderator: Player }> {
  const app = await buildTestApp(driver);
  return { app, moderator: await asOperator(app, 'moderator') };
}

import type { Role } from '../../../core/api/admin';
import { canActOn, canSetRoles } from '../../../core/rules/moderation';
import { consoleTexts } from '../../../core/texts/console';
import type { Database } from '../../db/connect';
import { lockPlayers } from '../../db/lock-players';
import { recordAudit, type Actor } from './audit';
import * as store from './store';

export type SetRoleOutcome =
  | { kind: 'set'; userId: number; username: string; before: Role; role: Role }
  | { kind: 'no-player' }
  | { kind: 'refused'; message: string };

/**
 * Gives a player a role, audited. From the console only an admin may, and only on someone below them;
 * the server's shell (`npm run role`) may set any role, which is how the first admin is made.
 */
export async function setRole(
  deps: { database: Database; now: () => number },
  request: { actor: Actor; targetUserId: number; role: Role; reason: string },
): Promise<SetRoleOutcome> {
  const { actor } = request;
  if (actor.kind === 'operator' && !canSetRoles(actor.role))
    return { kind: 'refused', message: consoleTexts.onlyAdminsSetRoles };
  return deps.database.db.transaction(async (tx) => {
    if ((await lockPlayers(tx, [request.targetUserId])).length === 0) return { kind: 'no-player' } as const;
    const target = (await store.findTarget(tx, request.targetUserId))!;
    if (actor.kind === 'operator' && !canActOn({ id: actor.userId, role: actor.role }, target)) {
      return { kind: 'refused', message: consoleTexts.cannotActOn } as const;
    }
    await store.setRole(tx, target.id, request.role);
    const change = {
      action: 'role-set' as const,
      targetUserId: target.id,
      reason: request.reason,
      before: { role: target.role },
      after: { role: request.role },
    };
    await recordAudit(tx, actor, change, new Date(deps.now()));
    return {
      kind: 'set',
      userId: target.id,
      username: target.username,
      before: target.role,
      role: request.role,
    } as const;
  });
}

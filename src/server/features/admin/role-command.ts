import { Role } from '../../../core/api/admin';
import type { Database } from '../../db/connect';
import { createAdminService } from './service';
import type { SetRoleOutcome } from './set-role';

export type RoleCommandOutcome = SetRoleOutcome | { kind: 'usage'; message: string };

/**
 * `npm run role -- <loginId> player|moderator|admin [reason…]` from the server's shell: the same service
 * and audit row as the console, with the actor recorded as `cli:role` (ADR 058).
 */
export async function runRoleCommand(
  deps: { database: Database; now: () => number },
  args: readonly string[],
): Promise<RoleCommandOutcome> {
  const [loginId, roleText, ...reasonWords] = args;
  const role = Role.safeParse(roleText);
  if (!loginId || !role.success)
    return { kind: 'usage', message: 'usage: npm run role -- <loginId> player|moderator|admin [reason]' };
  const admin = createAdminService(deps);
  const userId = await admin.findPlayerIdByLoginId(loginId);
  if (userId === undefined) return { kind: 'no-player' };
  const reason = reasonWords.join(' ').trim() || 'set from the server shell';
  return admin.setRole({ actor: { kind: 'cli', command: 'role' }, targetUserId: userId, role: role.data, reason });
}

import type { Role } from '../api/admin';

const rank: Record<Role, number> = { player: 0, moderator: 1, admin: 2 };

/** Whether `role` may open the moderator console at all. */
export function isOperator(role: Role): boolean {
  return rank[role] >= rank.moderator;
}

/**
 * Whether an operator may act on a player (mute, ban, rename, remove, clear, reverse): only on someone
 * of a lower role, so a moderator never acts on an admin or on another moderator, and nobody on
 * themselves (ADR 058).
 */
export function canActOn(actor: { id: number; role: Role }, target: { id: number; role: Role }): boolean {
  return actor.id !== target.id && isOperator(actor.role) && rank[actor.role] > rank[target.role];
}

/** Roles are set by admins (or the server's shell): a moderator cannot make moderators. */
export function canSetRoles(actorRole: Role): boolean {
  return actorRole === 'admin';
}

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

/** Whether a mute ending at `mutedUntilMs` (null: never muted) still holds at `nowMs`; it ends exactly at its end time. */
export function isMuted(mutedUntilMs: number | null, nowMs: number): boolean {
  return mutedUntilMs !== null && nowMs < mutedUntilMs;
}

/** When a mute of `minutes` started at `nowMs` ends. */
export function muteEnd(nowMs: number, minutes: number): number {
  return nowMs + minutes * 60_000;
}

/** A mute's end as the texts show it: `YYYY-MM-DD HH:MM` in UTC, rounded up so it never reads earlier than it ends. */
export function utcMinute(ms: number): string {
  return new Date(Math.ceil(ms / 60_000) * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}

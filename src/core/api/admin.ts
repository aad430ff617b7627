import { z } from 'zod';
import { IdParam, PlainText, queryInt, RowId } from './common';

/** Who may open the moderator console: players never; moderators act on players; admins on both (ADR 058). */
export const roles = ['player', 'moderator', 'admin'] as const;
export const Role = z.enum(roles);
export type Role = z.infer<typeof Role>;

/** Every kind of operator action: each one writes exactly one audit row in its own transaction. */
export const auditActions = [
  'role-set',
  'mute',
  'unmute',
  'ban',
  'unban',
  'rename',
  'chat-remove',
  'kernel-clear',
  'ledger-reverse',
  'report-resolve',
] as const;
export const AuditAction = z.enum(auditActions);
export type AuditAction = z.infer<typeof AuditAction>;

/** The console's routes: every one lives under /api/admin, and the console guard answers 404 to players there. */
export const consolePrefix = '/api/admin';
export const consolePaths = {
  me: `${consolePrefix}/me`,
  audit: `${consolePrefix}/audit`,
  role: `${consolePrefix}/players/:userId/role`,
} as const;

/** A moderator's stated reason: required on every action, one line, bounded. */
export const ActionReason = PlainText.pipe(z.string().trim().min(3).max(500));

/** The signed-in operator, for the console's header (a player gets the console's 404 instead). */
export const ConsoleMe = z
  .object({ userId: RowId, username: z.string(), role: Role })
  .meta({ description: 'The signed-in moderator or admin (anyone else gets a 404 on every console path).' });
export type ConsoleMe = z.infer<typeof ConsoleMe>;

export const PlayerIdParams = z.strictObject({ userId: IdParam });

export const SetRoleBody = z.strictObject({ role: Role, reason: ActionReason });
export type SetRoleBody = z.infer<typeof SetRoleBody>;

/** What setting a role answers: the player and their role now. */
export const RoleSet = z
  .object({ userId: RowId, username: z.string(), role: Role })
  .meta({ description: 'The player’s role after the change (audited).' });
export type RoleSet = z.infer<typeof RoleSet>;

/** One audit row as the console shows it: who, what, on whom, why, and the state before and after. */
export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string(),
  action: AuditAction,
  targetUserId: z.number().int().nullable(),
  targetUsername: z.string().nullable(),
  reason: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** Newest first, in pages: `before` is the id of the last row of the previous page. */
export const AuditQuery = z.strictObject({
  before: queryInt(z.int().min(1).max(Number.MAX_SAFE_INTEGER)).optional(),
  targetUserId: IdParam.optional(),
  action: AuditAction.optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditPage = z.object({ entries: z.array(AuditEntry), nextBefore: z.number().int().nullable() }).meta({
  description: 'Operator actions, newest first; pass nextBefore as `before` for the older page (null at the end).',
});
export type AuditPage = z.infer<typeof AuditPage>;

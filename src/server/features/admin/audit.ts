import type { AuditAction, Role } from '../../../core/api/admin';
import type { Tx } from '../../db/connect';
import * as store from './store';

/** Who acted: a signed-in moderator or admin in the console, or a script on the server's shell. */
export type Actor =
  { kind: 'operator'; userId: number; username: string; role: Role } | { kind: 'cli'; command: string };

/** An action refused before it changed anything (and so without an audit row): the status and text to answer. */
export type ActionRefusal = { kind: 'refused'; status: 400 | 403 | 404 | 409; message: string };

export interface AuditedChange {
  action: AuditAction;
  targetUserId: number | null;
  reason: string;
  before: unknown;
  after: unknown;
}

/**
 * Writes the action's audit row in the action's own transaction (ADR 058): if the row cannot be written
 * the action rolls back with it, so no operator action exists without its record.
 */
export async function recordAudit(tx: Tx, actor: Actor, change: AuditedChange, at: Date): Promise<void> {
  await store.insertAudit(tx, {
    at,
    actorId: actor.kind === 'operator' ? actor.userId : null,
    actorLabel: actor.kind === 'operator' ? actor.username : `cli:${actor.command}`,
    ...change,
  });
}

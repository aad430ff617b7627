import type { AuditPage, AuditQuery, ConsoleMe, Role } from '../../../core/api/admin';
import { balance } from '../../../core/balance';
import type { Database } from '../../db/connect';
import type { Actor } from './audit';
import type { Operator } from './guard';
import { setRole } from './set-role';
import * as store from './store';

export interface AdminDeps {
  database: Database;
  now: () => number;
}

/**
 * The moderator console's service (ADR 058). Each action is a module of its own that takes these
 * dependencies and writes its audit row in its transaction; this only gathers them.
 */
export function createAdminService(deps: AdminDeps) {
  return {
    me(operator: Operator): ConsoleMe {
      return { userId: operator.userId, username: operator.username, role: operator.role };
    },

    async audit(query: AuditQuery): Promise<AuditPage> {
      const limit = balance.consoleAuditPageSize;
      const rows = await store.listAudit(deps.database.db, query, limit);
      const entries = rows.map((r) => ({ ...r, at: r.at.toISOString() }));
      return { entries, nextBefore: rows.length === limit ? rows[rows.length - 1]!.id : null };
    },

    setRole(request: { actor: Actor; targetUserId: number; role: Role; reason: string }) {
      return setRole(deps, request);
    },

    /** For `npm run role`: the account behind a login ID. */
    findPlayerIdByLoginId(loginId: string): Promise<number | undefined> {
      return store.findPlayerIdByLoginId(deps.database.db, loginId);
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;

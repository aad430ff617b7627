import type { AuditPage, AuditQuery, ConsoleMe, Role } from '../../../core/api/admin';
import type { ClearKernelBody } from '../../../core/api/admin-actions';
import type { User } from '../../../core/api/common';
import { balance } from '../../../core/balance';
import type { Database } from '../../db/connect';
import type { Bus } from '../../realtime/bus';
import { publishUsersUpdated } from '../../realtime/notify';
import type { Actor } from './audit';
import { clearKernelRegion } from './clear-kernel-region';
import type { Operator } from './guard';
import { removeChatLine } from './remove-chat-line';
import { renamePlayer } from './rename-player';
import { reverseReference } from './reverse-reference';
import { setRole } from './set-role';
import * as store from './store';

export interface AdminDeps {
  database: Database;
  now: () => number;
  /** The console's actions tell open screens what changed; the CLI's role command needs neither. */
  bus?: Bus;
  userView?: (userId: number) => Promise<User>;
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

    /** After the commit the player's tabs (and every instance's session cache) get the flag. */
    async renamePlayer(request: { actor: Operator; targetUserId: number; reason: string }) {
      const outcome = await renamePlayer(deps, request);
      if (outcome.kind === 'renamed') publishUsersUpdated(busOf(deps), [await deps.userView!(outcome.userId)]);
      return outcome;
    },

    removeChatLine(request: { actor: Operator; messageId: number; reason: string }) {
      return removeChatLine({ ...deps, bus: busOf(deps) }, request);
    },

    clearKernelRegion(request: { actor: Operator; body: ClearKernelBody }) {
      return clearKernelRegion({ ...deps, bus: busOf(deps) }, request);
    },

    /** After the commit, each player's balance reaches their screens, and a returned item their inventories. */
    async reverseReference(request: { actor: Operator; reference: string; reason: string }) {
      const outcome = await reverseReference(deps, request);
      if (outcome.kind === 'reversed') {
        const bus = busOf(deps);
        const ids = outcome.players.filter((p) => p.delta !== 0).map((p) => p.userId);
        const users = await Promise.all(ids.map((id) => deps.userView!(id)));
        publishUsersUpdated(bus, users);
        if (outcome.item === 'returned')
          bus.publish({
            audience: { kind: 'users', userIds: outcome.players.map((p) => p.userId) },
            event: { t: 'inventory.changed', d: { reason: 'operator-reversal' } },
          });
      }
      return outcome;
    },

    /** For `npm run role`: the account behind a login ID. */
    findPlayerIdByLoginId(loginId: string): Promise<number | undefined> {
      return store.findPlayerIdByLoginId(deps.database.db, loginId);
    },
  };
}

function busOf(deps: AdminDeps): Bus {
  if (!deps.bus || !deps.userView) throw new Error('admin: the console actions need the bus and the user view');
  return deps.bus;
}

export type AdminService = ReturnType<typeof createAdminService>;

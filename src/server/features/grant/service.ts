import { coreTypeNames, type CoreTypeName, type GearType, type Rarity } from '../../../core/items';
import { addExp, expForLevel } from '../../../core/rules/exp';
import { makeGear } from '../../../core/rules/drops';
import { findCoreType } from '../../../core/rules/cores';
import type { Database } from '../../db/connect';
import { addItems, equippedGear } from '../../inventory';
import type { Bus } from '../../realtime/bus';
import { toUserView } from '../../player/user-view';
import { credit } from '../../wallet';
import * as store from './store';

/** What an operator grants (`npm run grant`, ADR 019). */
export interface GrantRequest {
  loginId: string;
  telnet?: number;
  exp?: number;
  gear?: { type: GearType; level?: number; rarity?: Rarity };
  core?: CoreTypeName;
}

export type GrantResult =
  | {
      kind: 'granted';
      userId: number;
      loginId: string;
      telnet: number;
      exp: number;
      level: number;
      gearIds: number[];
      coreIds: number[];
    }
  | { kind: 'no-player' }
  | { kind: 'inventory-full' };

/**
 * Operator grants go through the same wallet (ledger reason 'operator-grant'), inventory (cap of 50,
 * refused rather than lost) and experience rules as play; one transaction, all or nothing.
 */
/**
 * `bus`, when given, tells the player's open screens after the grant commits (balance, level and
 * inventory), as any other change of Telnet or items does; the standalone script has none unless
 * it is pointed at the deployment's Redis.
 */
export function createGrantService(deps: { database: Database; bus?: Bus }) {
  async function tell(userId: number): Promise<void> {
    if (!deps.bus) return;
    const row = await store.findPlayerRow(deps.database.db, userId);
    if (!row) return;
    const user = toUserView(row, (await equippedGear(deps.database.db, [userId])).get(userId)!);
    deps.bus.publish({ audience: { kind: 'users', userIds: [userId] }, event: { t: 'user.updated', d: user } });
    deps.bus.publish({
      audience: { kind: 'users', userIds: [userId] },
      event: { t: 'inventory.changed', d: { reason: 'operator-grant' } },
    });
  }

  return {
    async grant(request: GrantRequest): Promise<GrantResult> {
      const result = await deps.database.db
        .transaction(async (tx) => {
          const player = await store.findPlayerByLoginId(tx, request.loginId);
          if (!player) return { kind: 'no-player' } as const;
          const reference = `operator-grant:${Date.now()}`;
          if (request.telnet)
            await credit(tx, { userId: player.id, amount: request.telnet, reason: 'operator-grant', reference });
          let level = player.level;
          if (request.exp) {
            const now = await store.lockProgress(tx, player.id);
            const next = addExp(
              { level: now.level, currentExp: now.currentExp, maxExp: expForLevel(now.level) },
              request.exp,
            );
            await store.setProgress(tx, player.id, { level: next.level, currentExp: next.currentExp });
            level = next.level;
          }
          const gear = request.gear
            ? [makeGear(request.gear.type, request.gear.rarity ?? 'common', request.gear.level ?? level)]
            : [];
          const coreType = request.core ? findCoreType(request.core)! : undefined;
          const cores = coreType ? [{ coreTypeId: coreType.id, coreTypeName: coreType.name }] : [];
          const added = await addItems(tx, { userId: player.id, gear, cores, onFull: 'refuse' });
          if (added.kind === 'full') throw new InventoryFull();
          return {
            kind: 'granted',
            userId: player.id,
            loginId: player.loginId,
            telnet: request.telnet ?? 0,
            exp: request.exp ?? 0,
            level,
            gearIds: added.gear.map((g) => g.id),
            coreIds: added.cores.map((c) => c.id),
          } as const;
        })
        .catch((error: unknown) => {
          if (error instanceof InventoryFull) return { kind: 'inventory-full' } as const;
          throw error;
        });
      if (result.kind === 'granted') await tell(result.userId);
      return result;
    },
  };
}

/** Thrown to roll the whole grant back when its items do not fit. */
class InventoryFull extends Error {}

export const grantableCores = coreTypeNames;
export type GrantService = ReturnType<typeof createGrantService>;

import type { ClearKernelBody } from '../../../core/api/admin-actions';
import { balance } from '../../../core/balance';
import { canActOn } from '../../../core/rules/moderation';
import { consoleTexts } from '../../../core/texts/console';
import type { Database } from '../../db/connect';
import { lockPlayers } from '../../db/lock-players';
import type { Bus } from '../../realtime/bus';
import { clearKernelRegion as clearRegion, kernelOwnersIn, publishKernelCleared } from '../kernel/clear';
import { recordAudit, type ActionRefusal } from './audit';
import type { Operator } from './guard';
import * as store from './store';

export interface KernelCleared {
  bitsCleared: number;
  /** The grid's version the clear took; null when the region held none of those bits. */
  version: number | null;
}

/**
 * Returns a Kernel region's bits (optionally only one owner's) to unowned (ADR 060). No Telnet comes back
 * to anyone. Every owner in the region is locked first and must be someone the operator may act on.
 */
export async function clearKernelRegion(
  deps: { database: Database; bus: Bus; now: () => number },
  request: { actor: Operator; body: ClearKernelBody },
): Promise<({ kind: 'cleared' } & KernelCleared) | ActionRefusal> {
  const { x0, y0, x1, y1, ownerUserId, reason } = request.body;
  if (x1 < x0 || y1 < y0) return { kind: 'refused', status: 400, message: consoleTexts.regionInverted };
  if ((x1 - x0 + 1) * (y1 - y0 + 1) > balance.consoleKernelClearMaxBits) {
    return { kind: 'refused', status: 400, message: consoleTexts.regionTooLarge(balance.consoleKernelClearMaxBits) };
  }
  const region = { x0, y0, x1, y1, ...(ownerUserId === undefined ? {} : { ownerId: ownerUserId }) };
  const { db } = deps.database;
  const owners = ownerUserId === undefined ? await kernelOwnersIn(db, region) : [ownerUserId];
  const outcome = await db.transaction(async (tx) => {
    const locked = await lockPlayers(tx, owners);
    if (ownerUserId !== undefined && locked.length === 0)
      return { kind: 'refused', status: 404, message: consoleTexts.noSuchPlayer } as const;
    for (const id of locked) {
      if (!canActOn({ id: request.actor.userId, role: request.actor.role }, (await store.findTarget(tx, id))!)) {
        return { kind: 'refused', status: 403, message: consoleTexts.cannotActOn } as const;
      }
    }
    const cleared = await clearRegion(tx, { x0, y0, x1, y1, ownerIds: locked });
    const perOwner: Record<string, number> = {};
    for (const bit of cleared.bits) perOwner[bit.ownerId] = (perOwner[bit.ownerId] ?? 0) + 1;
    const change = {
      action: 'kernel-clear' as const,
      targetUserId: ownerUserId ?? (locked.length === 1 ? locked[0]! : null),
      reason,
      before: { region: { x0, y0, x1, y1 }, ownerUserId: ownerUserId ?? null, bitsByOwner: perOwner },
      after: { bitsCleared: cleared.bits.length, version: cleared.version },
    };
    await recordAudit(tx, request.actor, change, new Date(deps.now()));
    return { kind: 'cleared', bitsCleared: cleared.bits.length, version: cleared.version } as const;
  });
  if (outcome.kind === 'cleared' && outcome.version !== null) publishKernelCleared(deps.bus, outcome.version);
  return outcome;
}

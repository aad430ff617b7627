import type { User } from '../../../core/api/common';
import { lockPlayers } from '../../db/lock-players';
import type { TerminalContext } from './context';
import * as intrusionStore from './intrusion-store';
import * as store from './store';

/**
 * POST /api/filesystem/exit: the attacker leaves before the limit. The player first, then the
 * intrusion (ADR 049); an intrusion already past its limit ends as expired, at its limit.
 */
export async function exit(ctx: TerminalContext, user: User, intrusionId: number) {
  const ended = await ctx.db.transaction(async (tx) => {
    await lockPlayers(tx, [user.id]);
    const row = await intrusionStore.lockIntrusion(tx, intrusionId);
    if (!row || row.attackerId !== user.id || row.outcome !== 'active') return null;
    const at = ctx.now();
    const outcome = row.expiresAt.getTime() <= at ? ('expired' as const) : ('exited' as const);
    await intrusionStore.endIntrusion(tx, row.id, outcome, new Date(Math.min(at, row.expiresAt.getTime())));
    return {
      victimId: row.victimId,
      victimUsername: (await store.findPlayer(tx, row.victimId))!.username,
      outcome,
    };
  });
  if (ended)
    ctx.tell([ended.victimId, user.id], {
      t: 'terminal.intrusionEnded',
      d: {
        intrusionId,
        outcome: ended.outcome,
        attackerUsername: user.username,
        victimUsername: ended.victimUsername,
      },
    });
  return { success: true as const };
}

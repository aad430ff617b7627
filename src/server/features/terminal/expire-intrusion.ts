import type { Tx } from '../../db/connect';
import type { AfterCommit } from '../../idempotency/after-commit';
import type { Job } from '../../jobs';
import type { TerminalContext } from './context';
import * as intrusionStore from './intrusion-store';
import * as store from './store';

/**
 * The jobs runner's 'terminal.intrusionExpired': closes an intrusion still open at its limit, once.
 * The limit itself is checked on every command (usable, in context.ts); this only closes the row for the log.
 */
export async function expireIntrusion(
  ctx: TerminalContext,
  tx: Tx,
  job: Job<'terminal.intrusionExpired', { intrusionId: number }>,
  afterCommit: AfterCommit,
): Promise<void> {
  const row = await intrusionStore.lockIntrusion(tx, job.payload.intrusionId);
  if (!row || row.outcome !== 'active') return; // hacked, exited or replaced first
  if (row.expiresAt.getTime() > job.claimedAt.getTime())
    throw new Error(`intrusion ${row.id} claimed before its limit`);
  await intrusionStore.endIntrusion(tx, row.id, 'expired', row.expiresAt);
  const [attacker, victim] = [
    (await store.findPlayer(tx, row.attackerId))!,
    (await store.findPlayer(tx, row.victimId))!,
  ];
  afterCommit(() =>
    ctx.tell([row.attackerId, row.victimId], {
      t: 'terminal.intrusionEnded',
      d: {
        intrusionId: row.id,
        outcome: 'expired',
        attackerUsername: attacker.username,
        victimUsername: victim.username,
      },
    }),
  );
}

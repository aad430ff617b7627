import { balance } from '../../../core/balance';
import type { Tx } from '../../db/connect';
import type { AfterCommit } from '../../idempotency/after-commit';
import { lockPlayers } from '../../db/lock-players';
import type { Job } from '../../jobs';
import * as store from './store';
import type { VirusContext } from './virus-context';

/**
 * The jobs runner's 'virus.purchaseAbandoned': a purchase still unpaid this long stops counting, and
 * after commit its intent is cancelled at the provider so it can never be paid later (ADR 046).
 */
export async function abandonPurchase(
  ctx: VirusContext,
  tx: Tx,
  job: Job<'virus.purchaseAbandoned', { purchaseId: number }>,
  afterCommit: AfterCommit,
): Promise<void> {
  const { provider, log } = ctx.deps;
  const unlocked = await store.findById(tx, job.payload.purchaseId);
  if (!unlocked || unlocked.status !== 'started') return;
  // A click retried after a provider error restarted it later: its own job comes then.
  if (unlocked.createdAt.getTime() + balance.virusAbandonAfterMinutes * 60_000 > job.claimedAt.getTime()) return;
  await lockPlayers(tx, [unlocked.userId]);
  const row = await store.lockPurchase(tx, { id: unlocked.id });
  if (row?.status !== 'started' || !(await store.markAbandoned(tx, row.id))) return;
  afterCommit(() => {
    ctx.tell(row.userId, row.id, 'failed', null);
    if (row.paymentIntentId && provider) {
      void provider
        .cancelIntent(row.paymentIntentId, `bitbreach-virus-cancel-${row.id}`)
        .catch((error: unknown) =>
          log.warn(
            { purchaseId: row.id, message: (error as Error).message },
            'an abandoned purchase could not be cancelled at the provider; a late payment is refunded past the limit',
          ),
        );
    }
  });
}

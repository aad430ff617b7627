import { nextBossIntegrity } from '../../../core/rules/blockchain';
import type { Tx } from '../../db/connect';
import type { AfterCommit } from '../../idempotency/after-commit';
import type { Job } from '../../jobs';
import { newBoss, type BlockchainContext } from './blockchain-context';
import * as store from './store';

/** The very first boss, once, when no boss ever existed (two instances starting: the unique index keeps one). */
export async function ensureFirstBoss(ctx: BlockchainContext): Promise<void> {
  const { database, now } = ctx.deps;
  const id = await database.db.transaction(async (tx) =>
    (await store.anyBoss(tx)) ? null : store.insertBoss(tx, newBoss(ctx, 1, nextBossIntegrity(1, null), now())),
  );
  if (id !== null) ctx.everyone({ t: 'blockchain.spawned', d: { bossId: id, level: 1 } });
}

/** The jobs runner's 'blockchain.respawn', 2 h after a defeat: the next boss, one level higher, once. */
export async function respawnBoss(
  ctx: BlockchainContext,
  tx: Tx,
  job: Job<'blockchain.respawn', { bossId: number }>,
  afterCommit: AfterCommit,
): Promise<void> {
  const old = await store.bossById(tx, job.payload.bossId);
  if (!old || old.status !== 'defeated') return;
  const level = old.level + 1;
  // A boss that died fast is followed by a harder one (ADR 050).
  const maxIntegrity = nextBossIntegrity(level, {
    maxIntegrity: old.maxIntegrity,
    ...(await store.killStats(tx, old.id)),
  });
  const id = await store.insertBoss(tx, newBoss(ctx, level, maxIntegrity, job.claimedAt.getTime()));
  if (id === null) return; // a boss is already up
  afterCommit(() => ctx.everyone({ t: 'blockchain.spawned', d: { bossId: id, level } }));
}

import type { BlockchainBoss, LastDefeated, SubmitCodeBody } from '../../../core/api/blockchain';
import { balance } from '../../../core/balance';
import type { Tx } from '../../db/connect';
import type { AfterCommit } from '../../idempotency/after-commit';
import type { Job } from '../../jobs';
import { createBlockchainContext, statsOf, toLastDefeated, type BlockchainServiceDeps } from './blockchain-context';
import { ensureFirstBoss, respawnBoss } from './boss-lifecycle';
import * as store from './store';
import { submitGuess } from './submit-guess';

export type { BlockchainServiceDeps };

/**
 * The Blockchain (spec §2–§9 Blockchain, docs/game-rules.md §19, ADRs 029–031). Each action is a module of
 * its own over one shared context (ADR 080); this binds them and answers the two reads.
 */
export function createBlockchainService(deps: BlockchainServiceDeps) {
  const ctx = createBlockchainContext(deps);
  const { database } = deps;
  return {
    /** POST submit-code: one guess, exactly once per Idempotency-Key; refusals change nothing. */
    submit: (userId: number, key: string, body: SubmitCodeBody) => submitGuess(ctx, userId, key, body),

    /** GET current: the active boss as this player sees it (their attack and EXP cost), or null. */
    async current(userId: number): Promise<BlockchainBoss | null> {
      const { db } = database;
      const boss = await store.activeBoss(db);
      if (!boss) return null;
      const { stats, cost } = await statsOf(db, userId);
      const recentAttempts = await store.recentAttempts(db, boss.id, boss.codeVersion, balance.recentAttempts);
      return {
        id: boss.id,
        level: boss.level,
        currentProgress: boss.integrity,
        maxProgress: boss.maxIntegrity,
        codeLength: boss.codeLength,
        attackStat: stats.attack,
        expCostPerGuess: cost,
        codeVersion: boss.codeVersion,
        recentAttempts,
      };
    },

    async lastDefeated(): Promise<LastDefeated | null> {
      const row = await store.lastDefeatedBoss(database.db);
      return row ? toLastDefeated(row) : null;
    },

    /** The attack_blockchain mission's evidence: the player has made a real guess. */
    hasAttempted: (userId: number) => store.hasAttempted(database.db, userId),

    /** The very first boss, once, when no boss ever existed. */
    ensureFirstBoss: () => ensureFirstBoss(ctx),

    /** The jobs runner's 'blockchain.respawn'. */
    respawn: (tx: Tx, job: Job<'blockchain.respawn', { bossId: number }>, afterCommit: AfterCommit) =>
      respawnBoss(ctx, tx, job, afterCommit),
  };
}

export type BlockchainService = ReturnType<typeof createBlockchainService>;

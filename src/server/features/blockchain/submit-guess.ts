import type { GuessResult, SubmitCodeBody } from '../../../core/api/blockchain';
import { balance } from '../../../core/balance';
import { mostDamage, nextSpawnAt } from '../../../core/rules/blockchain';
import { canAffordGuess, generateCode, scoreGuess, validateGuess } from '../../../core/rules/codebreak';
import { rollDamage } from '../../../core/rules/combat';
import { texts } from '../../../core/texts';
import type { Tx } from '../../db/connect';
import { lockPlayers } from '../../db/lock-players';
import { runIdempotent, type AfterCommit, type IdempotentOutcome } from '../../idempotency';
import { publishUserViews } from '../../realtime/user-views';
import { refuse, statsOf, type BlockchainContext } from './blockchain-context';
import { settleDefeat, type Defeat } from './settle-defeat';
import * as store from './store';

const t = texts.blockchain;

type Hit = ReturnType<typeof rollDamage>;

/** POST submit-code: one guess, exactly once per Idempotency-Key; refusals change nothing. */
export function submitGuess(
  ctx: BlockchainContext,
  userId: number,
  key: string,
  body: SubmitCodeBody,
): Promise<IdempotentOutcome> {
  const { database, now } = ctx.deps;
  return runIdempotent(
    database,
    { userId, key, scope: 'blockchain.submit', request: body, now: now() },
    async (tx, afterCommit) => ({ statusCode: 200, body: await guess(ctx, tx, userId, body, afterCommit) }),
  );
}

/** The player who leads the damage on a boss now (none before its first hit). */
async function damageLeader(tx: Tx, bossId: number): Promise<number[]> {
  const leader = mostDamage(await store.hitsOn(tx, bossId));
  return leader ? [leader.userId] : [];
}

/** A boss that is up and this guess's target, or the refusal a late or stale guess gets. */
async function targetBoss(tx: Tx, body: SubmitCodeBody): Promise<store.BossRow> {
  const boss = await store.activeBoss(tx);
  if (!boss) {
    // The killing blow's racers arrive after the defeat: the code they sent was the last one cracked.
    const last = await store.lastDefeatedBoss(tx);
    if (last && last.id === body.bossId && body.guess.trim() === last.previousCode)
      return refuse(409, t.alreadyCracked);
    return refuse(404, t.noActiveBoss);
  }
  if (boss.id !== body.bossId) return refuse(409, t.staleBoss);
  return boss;
}

async function guess(
  ctx: BlockchainContext,
  tx: Tx,
  userId: number,
  body: SubmitCodeBody,
  afterCommit: AfterCommit,
): Promise<GuessResult> {
  const boss = await targetBoss(tx, body);
  const checked = validateGuess(body.guess, boss.codeLength);
  if (!checked.ok) return refuse(400, checked.message);
  const guessed = checked.guess;
  // A late copy of the code just cracked (sent by a racer): answered, never charged.
  if (guessed === boss.previousCode) return refuse(409, t.alreadyCracked);
  const { player, stats, cost } = await statsOf(tx, userId);
  if (!canAffordGuess(player.currentExp, cost)) return refuse(409, t.notEnoughExp(cost));
  const score = scoreGuess(boss.code, guessed);
  const codeCorrect = score.correctPosition === boss.codeLength;
  // One lock order (docs/decisions/044-one-lock-order.md): the players first, by id, then the
  // Blockchain's rows. A correct code may be the killing blow, which pays the damage leader too:
  // they are the guesser or whoever leads now (a crack that succeeds saw every earlier hit).
  await lockPlayers(tx, codeCorrect ? [userId, ...(await damageLeader(tx, boss.id))] : [userId]);
  const at = ctx.deps.now();
  if (!(await store.claimGuessSlot(tx, userId, at, balance.guessIgnoreWindowMs))) return refuse(429, t.tooFast);

  const { state, hit, defeat } = codeCorrect
    ? await crack(ctx, tx, boss, userId, stats, at)
    : { state: boss, hit: { damage: 0, isCritical: false }, defeat: null };
  if (cost > 0 && (await store.spendExp(tx, userId, cost)) === null) return refuse(409, t.notEnoughExp(cost));
  const attemptId = await store.insertAttempt(tx, {
    bossId: boss.id,
    codeVersion: boss.codeVersion,
    userId,
    guess: guessed,
    ...score,
    expLost: cost,
    createdAt: new Date(at),
  });

  afterCommit(() => {
    ctx.everyone({
      t: 'blockchain.attempted',
      d: {
        bossId: boss.id,
        codeVersion: boss.codeVersion,
        attempt: { id: attemptId, username: player.username, guess: guessed, ...score },
      },
    });
    if (codeCorrect) {
      ctx.everyone({
        t: 'blockchain.cracked',
        d: {
          bossId: boss.id,
          codeVersion: state.codeVersion,
          codeLength: state.codeLength,
          currentProgress: state.integrity,
          maxProgress: state.maxIntegrity,
          ...hit,
          username: player.username,
        },
      });
    }
    if (defeat) ctx.everyone({ t: 'blockchain.defeated', d: defeat.record });
    void publishUserViews(ctx.deps, [userId, ...(defeat?.paid ?? [])]);
  });
  return {
    guess: guessed,
    ...score,
    expLost: cost,
    codeCorrect,
    ...hit,
    newCodeLength: state.codeLength,
    bossDefeated: defeat !== null,
    blacklisted: defeat?.lastBlacklisted ?? false,
    rewardReceived: defeat?.received ?? 0,
    currentProgress: state.integrity,
    maxProgress: state.maxIntegrity,
    codeVersion: state.codeVersion,
  };
}

/** The correct code's hit: the boss takes damage under a new code, and a killing blow settles the rewards. */
async function crack(
  ctx: BlockchainContext,
  tx: Tx,
  boss: store.BossRow,
  userId: number,
  stats: Awaited<ReturnType<typeof statsOf>>['stats'],
  at: number,
): Promise<{ state: store.BossRow; hit: Hit; defeat: Defeat | null }> {
  // Wrong guesses never lock the boss row; of many crackers of one code the conditional update picks one.
  const hit = rollDamage(stats, ctx.deps.random);
  const cracked = await store.crackCode(tx, {
    bossId: boss.id,
    codeVersion: boss.codeVersion,
    damage: hit.damage,
    newCode: generateCode(boss.codeLength, ctx.randomDigit),
    at: new Date(at),
    nextSpawnAt: new Date(nextSpawnAt(at)),
  });
  if (!cracked) return refuse(409, t.alreadyCracked);
  await store.insertHit(tx, {
    bossId: boss.id,
    codeVersion: boss.codeVersion,
    userId,
    damage: hit.damage,
    isCritical: hit.isCritical,
    createdAt: new Date(at),
  });
  const defeat = cracked.status === 'defeated' ? await settleDefeat(ctx, tx, cracked, userId) : null;
  return { state: cracked, hit, defeat };
}

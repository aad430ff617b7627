import { randomInt } from 'node:crypto';
import type { User } from '../../../core/api/common';
import type { BlockchainBoss, GuessResult, LastDefeated, SubmitCodeBody } from '../../../core/api/blockchain';
import type { EventBody } from '../../../core/api/events';
import { balance } from '../../../core/balance';
import { bossPayouts, isBlacklisted, mostDamage, nextBossIntegrity, nextSpawnAt } from '../../../core/rules/blockchain';
import { canAffordGuess, generateCode, guessExpCost, scoreGuess, validateGuess } from '../../../core/rules/codebreak';
import { rollDamage } from '../../../core/rules/combat';
import { effectiveStats } from '../../../core/rules/gear-stats';
import { utcDayStart } from '../../../core/rules/virus';
import { texts } from '../../../core/texts';
import type { Database, Executor, Tx } from '../../db/connect';
import { lockPlayers } from '../../db/lock-players';
import { HttpError } from '../../http/errors';
import { runIdempotent, type AfterCommit, type IdempotentOutcome } from '../../idempotency';
import { equippedGear } from '../../inventory';
import { scheduleJob, type Job } from '../../jobs';
import type { Bus } from '../../realtime/bus';
import { credit } from '../../wallet';
import * as store from './store';
import { publishUserViews } from '../../realtime/user-views';

export interface BlockchainServiceDeps {
  database: Database;
  bus: Bus;
  now: () => number;
  /** Server randomness for crits and blacklist rolls (tests inject a seeded one). */
  random: () => number;
  /** One secret digit 0–9; crypto.randomInt by default (codes from crypto.randomInt). */
  randomDigit?: () => number;
  /** A player as every view shows them, for user.updated after their experience or Telnet moved. */
  userView(userId: number): Promise<User>;
}

const t = texts.blockchain;
const refuse = (status: number, message: string): never => {
  throw new HttpError(status, message, { success: false });
};

/** The Blockchain (spec §2–§9 Blockchain, docs/game-rules.md §19, ADRs 029–031). */
export function createBlockchainService(deps: BlockchainServiceDeps) {
  const { database, bus, now, random } = deps;
  const randomDigit = deps.randomDigit ?? (() => randomInt(10));
  const everyone = (event: EventBody) => bus.publish({ audience: { kind: 'everyone' }, event });
  const newBoss = (level: number, maxIntegrity: number, at: number): store.NewBoss => {
    return {
      level,
      integrity: maxIntegrity,
      maxIntegrity,
      codeLength: balance.defaultCodeLength,
      code: generateCode(balance.defaultCodeLength, randomDigit),
      spawnedAt: new Date(at),
    };
  };
  async function statsOf(tx: Executor, userId: number) {
    const player = await store.guesser(tx, userId);
    if (!player) throw new HttpError(401, texts.notSignedIn);
    const stats = effectiveStats(player, (await equippedGear(tx, [userId])).get(userId) ?? []);
    return { player, stats, cost: guessExpCost(stats.attack) };
  }

  /** Pays LAST HIT and MOST DAMAGE once, in the defeating transaction; a blacklisted winner gets nothing. */
  async function settleDefeat(tx: Tx, boss: store.BossRow, lastHitterId: number) {
    const top = mostDamage(await store.hitsOn(tx, boss.id))!;
    // Both winners were locked before the boss row; this asks again only if that guess was wrong, still in id order.
    await lockPlayers(tx, [lastHitterId, top.userId]);
    const people = await store.usernames(tx, [lastHitterId, top.userId]);
    const last = people.get(lastHitterId)!;
    const most = people.get(top.userId)!;
    const lastBlacklisted = isBlacklisted(last.level, boss.level, random);
    // One roll per player: a player who won both cards is blacklisted for both or neither.
    const mostBlacklisted =
      top.userId === lastHitterId ? lastBlacklisted : isBlacklisted(most.level, boss.level, random);
    // The daily cap counts this UTC day's earlier cards, read under both winners' locks (ADR 050).
    const dayStart = new Date(utcDayStart(boss.defeatedAt!.getTime()));
    const payouts = bossPayouts(
      boss.level,
      {
        userId: lastHitterId,
        paidTodayTelnet: await store.rewardsPaidSince(tx, lastHitterId, dayStart),
        blacklisted: lastBlacklisted,
      },
      {
        userId: top.userId,
        paidTodayTelnet: await store.rewardsPaidSince(tx, top.userId, dayStart),
        blacklisted: mostBlacklisted,
      },
    );
    const lastReward = payouts.lastHit;
    const mostReward = payouts.mostDamage;
    if (lastReward > 0)
      await credit(tx, {
        userId: lastHitterId,
        amount: lastReward,
        reason: 'boss-reward',
        reference: `boss:${boss.id}:last-hit`,
      });
    if (mostReward > 0)
      await credit(tx, {
        userId: top.userId,
        amount: mostReward,
        reason: 'boss-reward',
        reference: `boss:${boss.id}:most-damage`,
      });
    await store.recordRewards(tx, boss.id, {
      lastHitter: { id: lastHitterId, username: last.username, blacklisted: lastBlacklisted, reward: lastReward },
      mostDamage: {
        id: top.userId,
        username: most.username,
        blacklisted: mostBlacklisted,
        reward: mostReward,
        amount: top.damage,
      },
    });
    await scheduleJob(tx, {
      kind: 'blockchain.respawn',
      payload: { bossId: boss.id },
      runAt: boss.nextSpawnAt!,
      dedupeKey: `boss:${boss.id}`,
    });
    const record = toLastDefeated((await store.bossById(tx, boss.id))!);
    const received = (lastHitterId === top.userId ? mostReward : 0) + lastReward;
    return { record, lastBlacklisted, received, paid: [lastHitterId, top.userId] };
  }

  /** The player who leads the damage on a boss now (none before its first hit). */
  async function damageLeader(tx: Tx, bossId: number): Promise<number[]> {
    const leader = mostDamage(await store.hitsOn(tx, bossId));
    return leader ? [leader.userId] : [];
  }

  async function guess(tx: Tx, userId: number, body: SubmitCodeBody, afterCommit: AfterCommit): Promise<GuessResult> {
    const boss = await store.activeBoss(tx);
    if (!boss) {
      // The killing blow's racers arrive after the defeat: the code they sent was the last one cracked.
      const last = await store.lastDefeatedBoss(tx);
      if (last && last.id === body.bossId && body.guess.trim() === last.previousCode)
        return refuse(409, t.alreadyCracked);
      return refuse(404, t.noActiveBoss);
    }
    if (boss.id !== body.bossId) return refuse(409, t.staleBoss);
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
    const at = now();
    if (!(await store.claimGuessSlot(tx, userId, at, balance.guessIgnoreWindowMs))) return refuse(429, t.tooFast);

    let state = boss;
    let hit = { damage: 0, isCritical: false };
    let defeat: Awaited<ReturnType<typeof settleDefeat>> | null = null;
    if (codeCorrect) {
      // Wrong guesses never lock the boss row; of many crackers of one code the conditional update picks one.
      hit = rollDamage(stats, random);
      const cracked = await store.crackCode(tx, {
        bossId: boss.id,
        codeVersion: boss.codeVersion,
        damage: hit.damage,
        newCode: generateCode(boss.codeLength, randomDigit),
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
      state = cracked;
      if (cracked.status === 'defeated') defeat = await settleDefeat(tx, cracked, userId);
    }
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
      everyone({
        t: 'blockchain.attempted',
        d: {
          bossId: boss.id,
          codeVersion: boss.codeVersion,
          attempt: { id: attemptId, username: player.username, guess: guessed, ...score },
        },
      });
      if (codeCorrect) {
        everyone({
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
      if (defeat) everyone({ t: 'blockchain.defeated', d: defeat.record });
      void publishUserViews(deps, [userId, ...(defeat?.paid ?? [])]);
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

  return {
    /** POST submit-code: one guess, exactly once per Idempotency-Key; refusals change nothing. */
    async submit(userId: number, key: string, body: SubmitCodeBody): Promise<IdempotentOutcome> {
      return runIdempotent(
        database,
        { userId, key, scope: 'blockchain.submit', request: body, now: now() },
        async (tx, afterCommit) => ({ statusCode: 200, body: await guess(tx, userId, body, afterCommit) }),
      );
    },

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

    /** The very first boss, once, when no boss ever existed (two instances starting: the unique index keeps one). */
    async ensureFirstBoss(): Promise<void> {
      const id = await database.db.transaction(async (tx) =>
        (await store.anyBoss(tx)) ? null : store.insertBoss(tx, newBoss(1, nextBossIntegrity(1, null), now())),
      );
      if (id !== null) everyone({ t: 'blockchain.spawned', d: { bossId: id, level: 1 } });
    },

    /** The jobs runner's 'blockchain.respawn', 2 h after a defeat: the next boss, one level higher, once. */
    async respawn(tx: Tx, job: Job<'blockchain.respawn', { bossId: number }>): Promise<void | (() => void)> {
      const old = await store.bossById(tx, job.payload.bossId);
      if (!old || old.status !== 'defeated') return;
      const level = old.level + 1;
      // A boss that died fast is followed by a harder one (ADR 050).
      const maxIntegrity = nextBossIntegrity(level, {
        maxIntegrity: old.maxIntegrity,
        ...(await store.killStats(tx, old.id)),
      });
      const id = await store.insertBoss(tx, newBoss(level, maxIntegrity, job.claimedAt.getTime()));
      if (id === null) return; // a boss is already up
      return () => everyone({ t: 'blockchain.spawned', d: { bossId: id, level } });
    },
  };
}

function toLastDefeated(row: store.BossRow): LastDefeated {
  return {
    bossId: row.id,
    level: row.level,
    nextSpawnAt: (row.nextSpawnAt ?? row.defeatedAt ?? row.spawnedAt).toISOString(),
    lastHitterUsername: row.lastHitterUsername ?? '',
    lastHitterBlacklisted: row.lastHitterBlacklisted,
    lastHitterReward: row.lastHitterReward,
    mostDamageUsername: row.mostDamageUsername ?? '',
    mostDamageBlacklisted: row.mostDamageBlacklisted,
    mostDamageReward: row.mostDamageReward,
    mostDamageAmount: row.mostDamageAmount,
  };
}

export type BlockchainService = ReturnType<typeof createBlockchainService>;

import { bossPayouts, isBlacklisted, mostDamage } from '../../../core/rules/blockchain';
import { utcDayStart } from '../../../core/rules/virus';
import type { Tx } from '../../db/connect';
import { lockPlayers } from '../../db/lock-players';
import { scheduleJob } from '../../jobs';
import { credit } from '../../wallet';
import { toLastDefeated, type BlockchainContext } from './blockchain-context';
import * as store from './store';

export type Defeat = Awaited<ReturnType<typeof settleDefeat>>;

/** Pays LAST HIT and MOST DAMAGE once, in the defeating transaction; a blacklisted winner gets nothing. */
export async function settleDefeat(ctx: BlockchainContext, tx: Tx, boss: store.BossRow, lastHitterId: number) {
  const { random } = ctx.deps;
  const top = mostDamage(await store.hitsOn(tx, boss.id))!;
  // Both winners were locked before the boss row; this asks again only if that guess was wrong, still in id order.
  await lockPlayers(tx, [lastHitterId, top.userId]);
  const people = await store.usernames(tx, [lastHitterId, top.userId]);
  const last = people.get(lastHitterId)!;
  const most = people.get(top.userId)!;
  const lastBlacklisted = isBlacklisted(last.level, boss.level, random);
  // One roll per player: a player who won both cards is blacklisted for both or neither.
  const mostBlacklisted = top.userId === lastHitterId ? lastBlacklisted : isBlacklisted(most.level, boss.level, random);
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

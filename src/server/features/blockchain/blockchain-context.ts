import { randomInt } from 'node:crypto';
import type { User } from '../../../core/api/common';
import type { EventBody } from '../../../core/api/events';
import type { LastDefeated } from '../../../core/api/blockchain';
import { balance } from '../../../core/balance';
import { generateCode, guessExpCost } from '../../../core/rules/codebreak';
import { effectiveStats } from '../../../core/rules/gear-stats';
import { texts } from '../../../core/texts';
import type { Database, Executor } from '../../db/connect';
import { HttpError } from '../../http/errors';
import { equippedGear } from '../../inventory';
import type { Bus } from '../../realtime/bus';
import * as store from './store';

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

/** What the Blockchain's actions share: built once by createBlockchainService and passed to each (ADR 080). */
export interface BlockchainContext {
  deps: BlockchainServiceDeps;
  randomDigit: () => number;
  everyone(event: EventBody): void;
}

export function createBlockchainContext(deps: BlockchainServiceDeps): BlockchainContext {
  return {
    deps,
    randomDigit: deps.randomDigit ?? (() => randomInt(10)),
    everyone: (event) => deps.bus.publish({ audience: { kind: 'everyone' }, event }),
  };
}

export const refuse = (status: number, message: string): never => {
  throw new HttpError(status, message, { success: false });
};

/** A fresh boss at full integrity with a new secret code. */
export function newBoss(ctx: BlockchainContext, level: number, maxIntegrity: number, at: number): store.NewBoss {
  return {
    level,
    integrity: maxIntegrity,
    maxIntegrity,
    codeLength: balance.defaultCodeLength,
    code: generateCode(balance.defaultCodeLength, ctx.randomDigit),
    spawnedAt: new Date(at),
  };
}

/** The guesser's row, their stats with gear, and what one guess costs them in experience. */
export async function statsOf(tx: Executor, userId: number) {
  const player = await store.guesser(tx, userId);
  if (!player) throw new HttpError(401, texts.notSignedIn);
  const stats = effectiveStats(player, (await equippedGear(tx, [userId])).get(userId) ?? []);
  return { player, stats, cost: guessExpCost(stats.attack) };
}

export function toLastDefeated(row: store.BossRow): LastDefeated {
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

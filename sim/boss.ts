import {
  bossPayouts,
  integrityAfter,
  isBlacklisted,
  mostDamage,
  nextBossIntegrity,
  nextSpawnAt,
  type Hit,
} from '../src/core/rules/blockchain';
import { canAffordGuess, guessExpCost } from '../src/core/rules/codebreak';
import { rollDamage } from '../src/core/rules/combat';
import type { Player } from './model';
import { credit, type World } from './world';

/** The shared Blockchain boss (one at a time, as the server keeps it). */
export interface BossState {
  id: number;
  level: number;
  integrity: number;
  maxIntegrity: number;
  hits: Hit[];
  alive: boolean;
  respawnAtMs: number;
  /** Shared guesses made on the current code so far. */
  guessesOnCode: number;
  guessesNeeded: number;
  kills: number;
}

/** A player at the boss this step: guesses per second, and whether they solve from the shared attempts list by program. */
export interface BossParticipant {
  player: Player;
  guessesPerSecond: number;
  solver: boolean;
}

/**
 * Guesses a program needs to find a 10-digit code from the shared RECENT ATTEMPTS feedback (the issue's
 * measurement), and what players without one need together: assumptions of the simulation, not rules.
 */
export const solverGuessesPerCode = 27;
export const humanGuessesPerCode = 100;
/** The server's 500 ms window: at most 2 guesses a second per player. */
export const maxGuessesPerSecond = 2;

export function firstBoss(): BossState {
  return newBoss(1, 1, nextBossIntegrity(1, null), 0);
}

function newBoss(id: number, level: number, integrity: number, kills: number): BossState {
  return {
    id,
    level,
    integrity,
    maxIntegrity: integrity,
    hits: [],
    alive: true,
    respawnAtMs: 0,
    guessesOnCode: 0,
    guessesNeeded: humanGuessesPerCode,
    kills,
  };
}

/** The respawn job's next boss: one level up, as hard as the last one's cracks say (nextBossIntegrity). */
function nextBoss(old: BossState): BossState {
  const totalDamage = old.hits.reduce((s, h) => s + h.damage, 0);
  const integrity = nextBossIntegrity(old.level + 1, {
    maxIntegrity: old.maxIntegrity,
    cracks: old.hits.length,
    totalDamage,
  });
  return newBoss(old.id + 1, old.level + 1, integrity, old.kills);
}

/** Pays for `guesses` guesses one at a time (canAffordGuess, guessExpCost); returns how many were paid. */
function payGuesses(player: Player, guesses: number): number {
  const cost = guessExpCost(player.stats.attack);
  if (cost === 0) return guesses;
  let paid = 0;
  while (paid < guesses && canAffordGuess(player.currentExp, cost)) {
    player.currentExp -= cost;
    paid += 1;
  }
  return paid;
}

function pickWeighted(random: () => number, items: BossParticipant[]): BossParticipant {
  const total = items.reduce((s, p) => s + p.guessesPerSecond, 0);
  let roll = random() * total;
  for (const p of items) {
    roll -= p.guessesPerSecond;
    if (roll < 0) return p;
  }
  return items[items.length - 1]!;
}

function settleDefeat(world: World, boss: BossState, lastHitter: Player, atMs: number): void {
  const top = world.byId.get(mostDamage(boss.hits)!.userId)!;
  // One roll per player, as the server rolls it: a winner of both cards loses both or neither.
  const rolled = lastHitter.id === top.id ? [lastHitter] : [lastHitter, top];
  const rolls = new Map(rolled.map((p) => [p.id, isBlacklisted(p.level, boss.level, world.random)]));
  const winner = (p: Player) => ({
    userId: p.id,
    paidTodayTelnet: world.bossRewardToday.get(p.id) ?? 0,
    blacklisted: rolls.get(p.id)!,
  });
  const payouts = bossPayouts(boss.level, winner(lastHitter), winner(top));
  const winners = new Map<number, number>([[lastHitter.id, payouts.lastHit]]);
  winners.set(top.id, (winners.get(top.id) ?? 0) + payouts.mostDamage);
  let killTotal = 0;
  for (const [id, reward] of winners) {
    const player = world.byId.get(id)!;
    if (reward <= 0) continue;
    credit(world, player, 'boss-reward', reward);
    killTotal += reward;
    const today = (world.bossRewardToday.get(id) ?? 0) + reward;
    world.bossRewardToday.set(id, today);
    world.largestDailyBossReward = Math.max(world.largestDailyBossReward, today);
  }
  world.largestKillReward = Math.max(world.largestKillReward, killTotal);
  boss.alive = false;
  boss.kills += 1;
  boss.respawnAtMs = nextSpawnAt(atMs);
}

/** One step at the boss: cracks (a solver's pace when one is present, the players' shared pace otherwise), damage, defeat and respawn. */
export function bossStep(world: World, participants: BossParticipant[], stepMs: number): void {
  let boss = world.boss;
  let t = world.nowMs;
  const end = world.nowMs + stepMs;
  if (!boss.alive) {
    if (boss.respawnAtMs >= end) return;
    t = Math.max(t, boss.respawnAtMs);
    boss = world.boss = nextBoss(boss);
  }
  const solvers = participants.filter((p) => p.solver);
  const crowd = solvers.length > 0 ? solvers : participants;
  const rate = crowd.reduce((s, p) => s + p.guessesPerSecond, 0);
  if (rate <= 0) return;
  // Everyone at the boss pays for their guesses while it lives this step.
  for (const p of participants) payGuesses(p.player, Math.round(p.guessesPerSecond * ((end - t) / 1000)));
  while (boss.alive) {
    const needed = solvers.length > 0 ? solverGuessesPerCode : boss.guessesNeeded - boss.guessesOnCode;
    const crackAt = t + (needed / rate) * 1000;
    if (crackAt > end) {
      if (solvers.length === 0) boss.guessesOnCode += (rate * (end - t)) / 1000;
      return;
    }
    t = crackAt;
    const cracker = pickWeighted(world.random, crowd).player;
    const hit = rollDamage(cracker.stats, world.random);
    boss.hits.push({ userId: cracker.id, damage: hit.damage, order: boss.hits.length });
    boss.integrity = integrityAfter(boss.integrity, hit.damage);
    boss.guessesOnCode = 0;
    if (boss.integrity === 0) settleDefeat(world, boss, cracker, t);
  }
}

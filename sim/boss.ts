import { bossMaxIntegrity, bossRewards, integrityAfter, isBlacklisted, mostDamage, nextSpawnAt, type Hit } from '../src/core/rules/blockchain';
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
  return newBoss(1, 1);
}

function newBoss(id: number, level: number): BossState {
  return { id, level, integrity: bossMaxIntegrity(level), maxIntegrity: bossMaxIntegrity(level), hits: [], alive: true, respawnAtMs: 0, guessesOnCode: 0, guessesNeeded: humanGuessesPerCode, kills: 0 };
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
  const rewards = bossRewards(boss.level);
  const top = mostDamage(boss.hits)!;
  const winners = new Map<number, number>();
  winners.set(lastHitter.id, rewards.lastHit);
  winners.set(top.userId, (winners.get(top.userId) ?? 0) + rewards.mostDamage);
  let killTotal = 0;
  for (const [id, reward] of winners) {
    const player = world.byId.get(id)!;
    // One roll per player, as the server rolls it: a winner of both cards loses both or neither.
    if (isBlacklisted(player.level, boss.level, world.random)) continue;
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
    boss = world.boss = { ...newBoss(boss.id + 1, boss.level + 1), kills: boss.kills };
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

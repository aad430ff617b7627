import { z } from 'zod';
import { PlainText, RowId } from './common';

/**
 * The Blockchain contract (spec §3, §7 "Blockchain"). The secret code is never part of
 * any response or event (ADR 029): spec §3's secretCode and newSecretCode are left out.
 */
export const blockchainPaths = {
  current: '/api/blockchain/current',
  lastDefeated: '/api/blockchain/last-defeated',
  submit: '/api/blockchain/submit-code',
} as const;

/** One guess as RECENT ATTEMPTS shows it: whose it was, the digits and its feedback (spec §2). */
export const Attempt = z.object({
  id: z.int(),
  username: z.string(),
  guess: z.string(),
  correctPosition: z.int().min(0),
  wrongPosition: z.int().min(0),
});
export type Attempt = z.infer<typeof Attempt>;

/**
 * spec §3 current boss, without secretCode. attackStat and expCostPerGuess are the asking player's
 * (effective attack, gear included; spec §9 cost floor(attack/5)). codeVersion counts the codes this
 * boss has had: it moves on each crack, and recentAttempts are those against the current code.
 */
export const BlockchainBoss = z.object({
  id: z.int(),
  level: z.int().min(1),
  currentProgress: z.int().min(0),
  maxProgress: z.int().min(1),
  codeLength: z.int().min(1),
  attackStat: z.int().min(0),
  expCostPerGuess: z.int().min(0),
  codeVersion: z.int().min(1),
  recentAttempts: z.array(Attempt),
});
export type BlockchainBoss = z.infer<typeof BlockchainBoss>;

/** GET current: the boss, or null when none is active (spec §7). */
export const CurrentBossResponse = BlockchainBoss.nullable();
export type CurrentBossResponse = z.infer<typeof CurrentBossResponse>;

/** spec §3 last-defeated blockchain. Rewards are 0 for a blacklisted winner. */
export const LastDefeated = z.object({
  bossId: z.int(),
  level: z.int().min(1),
  nextSpawnAt: z.iso.datetime(),
  lastHitterUsername: z.string(),
  lastHitterBlacklisted: z.boolean(),
  lastHitterReward: z.int().min(0),
  mostDamageUsername: z.string(),
  mostDamageBlacklisted: z.boolean(),
  mostDamageReward: z.int().min(0),
  mostDamageAmount: z.int().min(0),
});
export type LastDefeated = z.infer<typeof LastDefeated>;

export const LastDefeatedResponse = LastDefeated.nullable();
export type LastDefeatedResponse = z.infer<typeof LastDefeatedResponse>;

/**
 * POST submit-code {bossId, guess}. The guess's digits and length are checked by the server against
 * the boss (rules/codebreak.ts validateGuess) so the player reads spec §5's texts; here only its size.
 */
export const SubmitCodeBody = z.strictObject({
  bossId: RowId,
  guess: PlainText.pipe(z.string().max(64)),
});
export type SubmitCodeBody = z.infer<typeof SubmitCodeBody>;

/** spec §3 guess result, without newSecretCode; with the boss's integrity after the guess. */
export const GuessResult = z.object({
  guess: z.string(),
  correctPosition: z.int().min(0),
  wrongPosition: z.int().min(0),
  expLost: z.int().min(0),
  codeCorrect: z.boolean(),
  damage: z.int().min(0),
  isCritical: z.boolean(),
  newCodeLength: z.int().min(1),
  bossDefeated: z.boolean(),
  blacklisted: z.boolean(),
  rewardReceived: z.int().min(0),
  currentProgress: z.int().min(0),
  maxProgress: z.int().min(1),
  codeVersion: z.int().min(1),
});
export type GuessResult = z.infer<typeof GuessResult>;

/** Socket: someone's guess on the current code (usernames shown: the boss is cracked together). */
export const BlockchainAttempted = z.object({ bossId: z.int(), codeVersion: z.int(), attempt: Attempt });
/** Socket: a code was cracked; integrity after it, and the new code's version and length (never the code). */
export const BlockchainCracked = z.object({
  bossId: z.int(),
  codeVersion: z.int(),
  codeLength: z.int(),
  currentProgress: z.int().min(0),
  maxProgress: z.int().min(1),
  damage: z.int(),
  isCritical: z.boolean(),
  username: z.string(),
});
/** Socket: a new boss is up; screens refetch it (the EXP cost is each player's own). */
export const BlockchainSpawned = z.object({ bossId: z.int(), level: z.int() });

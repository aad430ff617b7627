import { describe, expect, it } from 'vitest';
import type { BlockchainBoss, GuessResult } from '../../../core/api/blockchain';
import { applyGuessResult, blockchainView, guessToast, shownBoss, splitMessage } from './blockchain-model';

const boss: BlockchainBoss = {
  id: 1,
  level: 1,
  currentProgress: 10,
  maxProgress: 10,
  codeLength: 10,
  attackStat: 5,
  expCostPerGuess: 1,
  codeVersion: 1,
  recentAttempts: [],
};
const result = (over: Partial<GuessResult>): GuessResult => ({
  guess: '1234567890',
  correctPosition: 2,
  wrongPosition: 3,
  expLost: 1,
  codeCorrect: false,
  damage: 0,
  isCritical: false,
  newCodeLength: 10,
  bossDefeated: false,
  blacklisted: false,
  rewardReceived: 0,
  currentProgress: 10,
  maxProgress: 10,
  codeVersion: 1,
  ...over,
});
const last = {
  bossId: 1,
  level: 1,
  nextSpawnAt: '2026-01-01T00:00:00.000Z',
  lastHitterUsername: 'a',
  lastHitterBlacklisted: false,
  lastHitterReward: 40,
  mostDamageUsername: 'b',
  mostDamageBlacklisted: false,
  mostDamageReward: 60,
  mostDamageAmount: 9,
};

describe('blockchain screen states (spec §2)', () => {
  it.each([
    [{ bossLoading: true, boss: undefined, lastLoading: false, last: undefined }, 'loading'],
    [{ bossLoading: false, boss, lastLoading: false, last: undefined }, 'boss'],
    [{ bossLoading: false, boss: null, lastLoading: false, last }, 'cracked'],
    [{ bossLoading: false, boss: null, lastLoading: false, last: null }, 'generating'],
    [{ bossLoading: false, boss: null, lastLoading: true, last: undefined }, 'initializing'],
  ] as const)('%j → %s', (q, view) => expect(blockchainView(q)).toBe(view));
});

describe('a guess result on screen (spec §4)', () => {
  it('a wrong code adds my attempt, newest first, 5 kept', () => {
    let local = applyGuessResult(boss, result({}), 'me', 1000);
    for (let i = 0; i < 6; i++) local = applyGuessResult(local.boss, result({ correctPosition: i }), 'me', 2000 + i);
    expect(local.boss.recentAttempts).toHaveLength(5);
    expect(local.boss.recentAttempts[0]).toMatchObject({ username: 'me', correctPosition: 5, wrongPosition: 3 });
  });
  it('a correct code lowers progress (not below 0) and empties the attempts for the new code', () => {
    const local = applyGuessResult(
      { ...boss, recentAttempts: [{ id: 1, username: 'x', guess: '1', correctPosition: 1, wrongPosition: 0 }] },
      result({ codeCorrect: true, currentProgress: 4, codeVersion: 2 }),
      'me',
      0,
    );
    expect(local.boss).toMatchObject({ currentProgress: 4, codeVersion: 2, recentAttempts: [] });
  });
  it('ignores server data for 500 ms, then the server wins', () => {
    const local = applyGuessResult(boss, result({ codeCorrect: true, currentProgress: 4 }), 'me', 1000);
    expect(shownBoss(boss, local, 1499)?.currentProgress).toBe(4);
    expect(shownBoss(boss, local, 1500)?.currentProgress).toBe(10);
    expect(shownBoss({ ...boss, id: 2 }, local, 1100)?.id).toBe(2); // a new boss is never hidden
    expect(shownBoss(null, local, 1100)).toBeNull();
  });
});

describe('toasts (spec §8)', () => {
  it('says what happened, verbatim', () => {
    expect(guessToast(result({}))).toEqual({
      title: 'Incorrect Code',
      description: '2 correct position · 3 wrong position · EXP lost: 1',
      tone: 'info',
    });
    expect(guessToast(result({ codeCorrect: true, damage: 7, isCritical: true }))).toMatchObject({
      title: 'Code Cracked! CRITICAL HIT',
      description: 'Perfect! Dealt 7 damage · EXP lost: 1',
    });
    expect(guessToast(result({ codeCorrect: true, bossDefeated: true, rewardReceived: 40 }))).toMatchObject({
      title: 'Boss Defeated!',
      description: 'You received 40 Telnet!',
    });
    expect(guessToast(result({ codeCorrect: true, bossDefeated: true }))).toMatchObject({
      description: 'The blockchain has been cracked completely.',
    });
    expect(guessToast(result({ codeCorrect: true, bossDefeated: true, blacklisted: true }))).toMatchObject({
      title: 'BLACKLISTED!',
      description: 'Boss defeated but you were blacklisted! No rewards received.',
    });
  });
  it('splits a spec §5 text into title and detail', () => {
    expect(splitMessage('Invalid Characters: Only digits 0-9 are allowed')).toEqual({
      title: 'Invalid Characters',
      description: 'Only digits 0-9 are allowed',
    });
    expect(splitMessage('plain')).toEqual({ title: 'plain' });
  });
});

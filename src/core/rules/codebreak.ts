import { balance } from '../balance';
import { blockchainTexts } from '../texts/blockchain';

/** Mastermind feedback for one guess: digits in the right place, and right digits in the wrong place. */
export interface GuessScore {
  correctPosition: number;
  wrongPosition: number;
}

/**
 * Exact Mastermind scoring (spec §4): correctPosition counts equal digits at equal places; wrongPosition
 * counts, per digit, min(unmatched in code, unmatched in guess), so a repeated digit is counted once
 * per occurrence it can pair with and never twice. Code and guess must have the same length.
 */
export function scoreGuess(code: string, guess: string): GuessScore {
  const codeLeft = new Array<number>(10).fill(0);
  const guessLeft = new Array<number>(10).fill(0);
  let correctPosition = 0;
  for (let i = 0; i < code.length; i++) {
    const c = code.charCodeAt(i) - 48;
    const g = guess.charCodeAt(i) - 48;
    if (c === g) correctPosition += 1;
    else {
      codeLeft[c]! += 1;
      guessLeft[g]! += 1;
    }
  }
  let wrongPosition = 0;
  for (let d = 0; d < 10; d++) wrongPosition += Math.min(codeLeft[d]!, guessLeft[d]!);
  return { correctPosition, wrongPosition };
}

/** A secret code of `length` digits, each from `randomDigit` (0–9; the server passes crypto.randomInt). */
export function generateCode(length: number, randomDigit: () => number): string {
  let code = '';
  for (let i = 0; i < length; i++) {
    const d = randomDigit();
    if (!Number.isInteger(d) || d < 0 || d > 9) throw new RangeError(`randomDigit gave ${d}`);
    code += String(d);
  }
  return code;
}

export type GuessCheck = { ok: true; guess: string } | { ok: false; message: string };

/**
 * spec §5: a guess is non-empty after trimming, exactly codeLength long, digits 0–9 only; an empty
 * guess gets the length text (the spec gives none of its own). Used by the screen and the server.
 */
export function validateGuess(raw: string, codeLength: number): GuessCheck {
  const guess = raw.trim();
  if (guess.length === 0 || guess.length !== codeLength)
    return { ok: false, message: blockchainTexts.invalidLength(codeLength) };
  if (!/^[0-9]+$/.test(guess)) return { ok: false, message: blockchainTexts.invalidCharacters };
  return { ok: true, guess };
}

/** spec §5: what the input keeps as the player types — digits only, at most codeLength of them. */
export function sanitizeGuessInput(raw: string, codeLength: number): string {
  return raw.replace(/[^0-9]/g, '').slice(0, codeLength);
}

/** spec §9: experience one guess costs, floor(attack / 5) with the player's effective attack, and at least 1 (ADR 050). */
export function guessExpCost(attack: number): number {
  return Math.max(balance.minGuessExpCost, Math.floor(attack / balance.expCostAttackDivisor));
}

/**
 * Whether a player can pay for a guess (docs/game-rules.md §19): the cost comes out of the current
 * level's experience only, so experience never goes below 0 and a level is never lost; a player
 * with less than the cost is refused instead.
 */
export function canAffordGuess(currentExp: number, cost: number): boolean {
  return currentExp >= cost;
}

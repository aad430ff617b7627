import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random';
import { blockchainTexts } from '../texts/blockchain';
import { canAffordGuess, generateCode, guessExpCost, sanitizeGuessInput, scoreGuess, validateGuess } from './codebreak';

/** Brute-force reference: pair each digit of the guess with an unused equal digit of the code, exact places first. */
function referenceScore(code: string, guess: string) {
  const used = new Array<boolean>(code.length).fill(false);
  const matched = new Array<boolean>(code.length).fill(false);
  let correctPosition = 0;
  for (let i = 0; i < code.length; i++) {
    if (code[i] === guess[i]) {
      correctPosition += 1;
      used[i] = true;
      matched[i] = true;
    }
  }
  let wrongPosition = 0;
  for (let i = 0; i < guess.length; i++) {
    if (matched[i]) continue;
    const j = [...code].findIndex((c, k) => !used[k] && c === guess[i]);
    if (j >= 0) {
      used[j] = true;
      wrongPosition += 1;
    }
  }
  return { correctPosition, wrongPosition };
}

const digits = (n: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((a) => a.join(''));
const pair = fc.integer({ min: 1, max: 12 }).chain((n) => fc.tuple(digits(n), digits(n)));
// Few distinct digits, so repeats are the rule rather than the exception.
const repeats = fc
  .integer({ min: 1, max: 12 })
  .chain((n) =>
    fc.tuple(
      ...[0, 1].map(() =>
        fc.array(fc.constantFrom('1', '2', '3'), { minLength: n, maxLength: n }).map((a) => a.join('')),
      ),
    ),
  );

describe('Mastermind scoring (spec §4)', () => {
  it.each([
    ['1234567890', '1234567890', 10, 0],
    ['1234567890', '0987654321', 0, 10],
    ['1122334455', '2211443355', 2, 8],
    ['1111111111', '1000000000', 1, 0], // one 1 in the guess pairs once, never twice
    ['1000000000', '1111111111', 1, 0],
    ['1200000000', '2100000000', 8, 2],
    ['1234', '5678', 0, 0],
    ['1123', '3111', 1, 2],
  ])('code %s, guess %s → %i correct, %i wrong', (code, guess, correct, wrong) => {
    expect(scoreGuess(code, guess)).toEqual({ correctPosition: correct, wrongPosition: wrong });
  });

  it('agrees with a brute-force pairing on any code and guess', () => {
    fc.assert(
      fc.property(pair, ([code, guess]) => {
        expect(scoreGuess(code, guess)).toEqual(referenceScore(code, guess));
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(repeats, ([code, guess]) => {
        expect(scoreGuess(code!, guess!)).toEqual(referenceScore(code!, guess!));
      }),
      { numRuns: 2000 },
    );
  });

  it('never counts more than the code length, and is the full length only for the code itself', () => {
    fc.assert(
      fc.property(pair, ([code, guess]) => {
        const s = scoreGuess(code, guess);
        expect(s.correctPosition + s.wrongPosition).toBeLessThanOrEqual(code.length);
        expect(s.correctPosition === code.length).toBe(code === guess);
        expect(scoreGuess(guess, code)).toEqual(s); // symmetric
      }),
    );
  });
});

describe('code generation', () => {
  it('makes codeLength digits from the injected source, reproducibly', () => {
    const r = seededRandom(7);
    const digit = () => Math.floor(r() * 10);
    const code = generateCode(10, digit);
    expect(code).toMatch(/^[0-9]{10}$/);
    const r2 = seededRandom(7);
    expect(generateCode(10, () => Math.floor(r2() * 10))).toBe(code);
  });
  it('refuses a source that is not a digit', () => {
    expect(() => generateCode(3, () => 10)).toThrow(RangeError);
  });
});

describe('guess validation (spec §5)', () => {
  it.each([
    ['1234567890', { ok: true, guess: '1234567890' }],
    ['  1234567890 ', { ok: true, guess: '1234567890' }],
    ['', { ok: false, message: blockchainTexts.invalidLength(10) }],
    ['   ', { ok: false, message: blockchainTexts.invalidLength(10) }],
    ['123', { ok: false, message: 'Invalid Code Length: Code must be exactly 10 digits' }],
    ['12345678901', { ok: false, message: blockchainTexts.invalidLength(10) }],
    ['12345abcde', { ok: false, message: 'Invalid Characters: Only digits 0-9 are allowed' }],
    ['１２３４５６７８９０', { ok: false, message: blockchainTexts.invalidCharacters }], // full-width digits are not 0-9
  ])('%j → %j', (raw, expected) => expect(validateGuess(raw, 10)).toEqual(expected));

  it('the input strips non-digits and caps the length as typed', () => {
    expect(sanitizeGuessInput('12a3-4 5', 10)).toBe('12345');
    expect(sanitizeGuessInput('123456789012345', 10)).toBe('1234567890');
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 12 }), (raw, n) => {
        const s = sanitizeGuessInput(raw, n);
        expect(s).toMatch(/^[0-9]*$/);
        expect(s.length).toBeLessThanOrEqual(n);
      }),
    );
  });
});

describe('guess cost (spec §9, at least 1: ADR 050)', () => {
  it.each([
    [1, 1],
    [4, 1],
    [5, 1],
    [9, 1],
    [10, 2],
    [14, 2],
    [100, 20],
  ])('attack %i costs %i EXP', (attack, cost) => expect(guessExpCost(attack)).toBe(cost));
  it('every guess costs at least 1 EXP and floor(attack / 5) from attack 5 up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (attack) => {
        expect(guessExpCost(attack)).toBe(Math.max(1, Math.floor(attack / 5)));
        expect(guessExpCost(attack)).toBeGreaterThanOrEqual(1);
      }),
    );
  });
  it('a guess is refused, never paid into negative experience', () => {
    expect(canAffordGuess(3, 3)).toBe(true);
    expect(canAffordGuess(2, 3)).toBe(false);
    expect(canAffordGuess(0, guessExpCost(1))).toBe(false);
  });
});

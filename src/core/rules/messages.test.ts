import { describe, expect, it } from 'vitest';
import { balance } from '../balance';
import { checkMessageText, checkSendRate, type SentLine } from './messages';

const now = 1_000_000;
const line = (message: string, agoMs: number): SentLine => ({ message, createdAtMs: now - agoMs });

describe('message text (spec §5)', () => {
  it.each([
    ['  hello  ', 'hello', null],
    ['', '', 'messageEmpty'],
    [' \n\t ', '', 'messageEmpty'],
    ['x'.repeat(500), 'x'.repeat(500), null],
    ['x'.repeat(501), 'x'.repeat(501), 'messageTooLong'],
    [`  ${'y'.repeat(500)}  `, 'y'.repeat(500), null],
    ['<script>alert(1)</script>', '<script>alert(1)</script>', null],
  ])('%j → %j (%s)', (raw, text, problem) => {
    expect(checkMessageText(raw)).toEqual({ text, problem });
  });
});

describe('send limit', () => {
  it(`allows ${balance.messageSendLimit} lines per window and refuses the next`, () => {
    const four = [1, 2, 3, 4].map((i) => line(`l${i}`, i * 100));
    expect(checkSendRate(four, four[0]!, 'new', now)).toBeNull();
    const five = [...four, line('l5', 500)];
    expect(checkSendRate(five, five[0]!, 'new', now)).toBe('messageRateLimited');
  });

  it('forgets lines older than the window', () => {
    const old = [1, 2, 3, 4, 5].map((i) => line(`l${i}`, balance.messageSendWindowMs + i));
    expect(checkSendRate(old, old[0]!, 'new', now)).toBeNull();
  });

  it('refuses the same line back-to-back within the repeat window, and allows it after', () => {
    expect(checkSendRate([line('hi', 20_000)], line('hi', 20_000), 'hi', now)).toBe('messageRepeated');
    const later = line('hi', balance.messageRepeatWindowMs);
    expect(checkSendRate([later], later, 'hi', now)).toBeNull();
    expect(checkSendRate([line('hi', 10)], line('hi', 10), 'hi!', now)).toBeNull();
  });

  it('judges a repeat against the given previous line only', () => {
    expect(checkSendRate([line('hi', 10)], null, 'hi', now)).toBeNull();
  });
});

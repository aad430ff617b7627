import { describe, expect, it } from 'vitest';
import { texts } from '../../core/texts';
import { ApiError } from '../lib/api-error';
import { chatSendErrorText, composerState, formatClock, isAtBottom } from './chat-model';

describe('chat model', () => {
  it('shows local HH:MM', () => {
    expect(formatClock(new Date(2025, 0, 2, 9, 5).toISOString())).toBe('09:05');
    expect(formatClock(new Date(2025, 0, 2, 23, 59).toISOString())).toBe('23:59');
    expect(formatClock('nonsense')).toBe('--:--');
  });

  it("says 'Error: Failed to send message. Please try again.' on the Mainframe (spec §8)", () => {
    expect(chatSendErrorText(new Error('network'))).toBe(`Error: ${texts.chatSendFailed}`);
    expect(chatSendErrorText(new ApiError(500, 'Internal', '{"message":"x"}'))).toBe(`Error: ${texts.chatSendFailed}`);
  });

  it("shows the server's own words for a 429", () => {
    const limited = new ApiError(429, 'Too Many Requests', JSON.stringify({ message: texts.messageRateLimited }));
    expect(chatSendErrorText(limited)).toBe(`Error: ${texts.messageRateLimited}`);
    const repeated = new ApiError(429, 'Too Many Requests', JSON.stringify({ message: texts.messageRepeated }));
    expect(chatSendErrorText(repeated)).toBe(`Error: ${texts.messageRepeated}`);
  });

  it("shows a moderator's mute as the server words it", () => {
    const muted = new ApiError(403, 'Forbidden', JSON.stringify({ message: texts.chat.muted('2026-11-26 20:15') }));
    expect(chatSendErrorText(muted)).toBe('Error: You are muted until 2026-11-26 20:15 UTC.');
  });

  it.each([
    ['', false, { text: '', canSend: false, remaining: 500 }],
    ['   ', false, { text: '', canSend: false, remaining: 500 }],
    ['  hello  ', false, { text: 'hello', canSend: true, remaining: 495 }],
    ['hello', true, { text: 'hello', canSend: false, remaining: 495 }],
    ['x'.repeat(500), false, { text: 'x'.repeat(500), canSend: true, remaining: 0 }],
    ['x'.repeat(501), false, { text: 'x'.repeat(501), canSend: false, remaining: -1 }],
  ])('composer %j (pending %s) → %j', (draft, pending, expected) => {
    expect(composerState(draft, pending)).toEqual(expected);
  });

  it('follows new lines only when the reader is at the bottom', () => {
    expect(isAtBottom(700, 1000, 300)).toBe(true);
    expect(isAtBottom(660, 1000, 300)).toBe(true);
    expect(isAtBottom(600, 1000, 300)).toBe(false);
  });
});

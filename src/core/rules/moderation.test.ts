import { describe, expect, it } from 'vitest';
import { canActOn, canSetRoles, isMuted, isOperator, muteEnd, utcMinute } from './moderation';

describe('who may act on whom in the console', () => {
  it.each([
    ['moderator', 'player', true],
    ['moderator', 'moderator', false],
    ['moderator', 'admin', false],
    ['admin', 'player', true],
    ['admin', 'moderator', true],
    ['admin', 'admin', false],
    ['player', 'player', false],
  ] as const)('%s on %s: %s', (actor, target, allowed) => {
    expect(canActOn({ id: 1, role: actor }, { id: 2, role: target })).toBe(allowed);
  });

  it('nobody acts on themselves, not even an admin', () => {
    expect(canActOn({ id: 7, role: 'admin' }, { id: 7, role: 'player' })).toBe(false);
  });

  it('only operators open the console and only admins set roles', () => {
    expect([isOperator('player'), isOperator('moderator'), isOperator('admin')]).toEqual([false, true, true]);
    expect([canSetRoles('player'), canSetRoles('moderator'), canSetRoles('admin')]).toEqual([false, false, true]);
  });
});

describe('mutes', () => {
  it('hold until their end and end exactly then', () => {
    const start = Date.UTC(2026, 10, 26, 14, 0, 30);
    const end = muteEnd(start, 5);
    expect(isMuted(end, start)).toBe(true);
    expect(isMuted(end, end - 1)).toBe(true);
    expect(isMuted(end, end)).toBe(false);
    expect(isMuted(null, start)).toBe(false);
  });

  it('show their end in UTC to the minute, never earlier than it is', () => {
    expect(utcMinute(Date.UTC(2026, 10, 26, 14, 5, 0))).toBe('2026-11-26 14:05');
    expect(utcMinute(Date.UTC(2026, 10, 26, 14, 5, 30))).toBe('2026-11-26 14:06');
    expect(utcMinute(Date.UTC(2026, 11, 31, 23, 59, 1))).toBe('2027-01-01 00:00');
  });
});

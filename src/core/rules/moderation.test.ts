import { describe, expect, it } from 'vitest';
import { canActOn, canSetRoles, isOperator } from './moderation';

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

import { describe, expect, it } from 'vitest';
import {
  actionRequest,
  actionTitle,
  doneText,
  ledgerSearch,
  nextResult,
  parseMinutes,
  statusLine,
} from './players-model';

describe("the console's players model", () => {
  it('moves through search results with the arrow keys, back to the box above the first', () => {
    expect(nextResult(-1, 'ArrowDown', 3)).toBe(0);
    expect(nextResult(2, 'ArrowDown', 3)).toBe(2);
    expect(nextResult(0, 'ArrowUp', 3)).toBe(-1);
    expect(nextResult(1, 'End', 3)).toBe(2);
    expect(nextResult(2, 'Home', 3)).toBe(0);
    expect(nextResult(-1, 'ArrowDown', 0)).toBeNull();
    expect(nextResult(0, 'x', 3)).toBeNull();
  });

  it('says whether a player is banned, muted or active', () => {
    expect(statusLine({ banned: false, mutedUntil: null })).toBe('active');
    expect(statusLine({ banned: true, mutedUntil: '2026-11-26T20:15:00.000Z' })).toBe(
      'BANNED · MUTED until 2026-11-26 20:15 UTC',
    );
  });

  it('reads a mute length as whole minutes from 5 to 30 days', () => {
    expect(parseMinutes('60')).toBe(60);
    expect(parseMinutes(' 5 ')).toBe(5);
    for (const bad of ['4', '43201', '1.5', '-5', '', 'ten', '1e3']) expect(parseMinutes(bad)).toBeNull();
  });

  it("sends each action to the contract's path with its body", () => {
    const p = { userId: 7, username: 'neo' };
    expect(actionRequest({ kind: 'mute', ...p }, 'spam', 30)).toEqual({
      path: '/api/admin/players/7/mute',
      body: { minutes: 30, reason: 'spam' },
    });
    expect(actionRequest({ kind: 'unban', ...p }, 'appeal', null)).toEqual({
      path: '/api/admin/players/7/unban',
      body: { reason: 'appeal' },
    });
    expect(actionRequest({ kind: 'remove', messageId: 41 }, 'slur', null)).toEqual({
      path: '/api/admin/chat/messages/41/remove',
      body: { reason: 'slur' },
    });
    expect(actionRequest({ kind: 'reverse', reference: 'market-sale:3' }, 'fraud', null)).toEqual({
      path: '/api/admin/ledger/reverse',
      body: { reference: 'market-sale:3', reason: 'fraud' },
    });
    expect(actionTitle({ kind: 'ban', ...p })).toBe('BAN neo');
    expect(doneText({ kind: 'mute', ...p }, '2026-11-26T20:15:00.000Z')).toBe(
      'neo is muted until 2026-11-26 20:15 UTC.',
    );
  });

  it('builds the ledger query from the filled fields only', () => {
    expect(ledgerSearch({}, null)).toBe('');
    expect(ledgerSearch({ reason: 'decode', from: '2026-11-01' }, 99)).toBe('?reason=decode&from=2026-11-01&before=99');
  });
});

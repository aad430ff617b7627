import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Tx } from '../db/connect';
import type { LockedItem } from './store';

const calls: string[] = [];
let lockedItem: LockedItem | undefined;
vi.mock('../db/lock-players', () => ({
  lockPlayers: vi.fn(async (_tx: unknown, ids: number[]) => {
    calls.push(`players ${ids.join(',')}`);
    return ids;
  }),
}));
vi.mock('./store', () => ({
  lockItem: vi.fn(async (_tx: unknown, ref: { kind: string; id: number }) => {
    calls.push(`item ${ref.kind} ${ref.id}`);
    return lockedItem;
  }),
}));
const { lockHeldItem, refusalFor } = await import('./held-item');

const tx = {} as Tx;
const held = (over: Partial<LockedItem> = {}): LockedItem => ({
  userId: 7,
  escrowId: null,
  depositorId: null,
  isEquipped: false,
  isUsed: false,
  ...over,
});

describe('refusalFor', () => {
  it('lets the holder act on an item it holds outright', () => {
    expect(refusalFor(held(), 7, ['equipped', 'used'])).toBeNull();
  });

  it("calls a missing item and another player's item alike 'not-found'", () => {
    expect(refusalFor(undefined, 7)).toEqual({ kind: 'not-found' });
    expect(refusalFor(held({ userId: 8 }), 7)).toEqual({ kind: 'not-found' });
    expect(refusalFor(held({ userId: null, escrowId: 3, depositorId: 8 }), 7)).toEqual({ kind: 'not-found' });
  });

  it('tells the depositor its item is in escrow', () => {
    expect(refusalFor(held({ userId: null, escrowId: 3, depositorId: 7 }), 7)).toEqual({ kind: 'in-escrow' });
  });

  it('refuses equipped gear and an opened core only for the moves that ask', () => {
    expect(refusalFor(held({ isEquipped: true }), 7)).toBeNull();
    expect(refusalFor(held({ isEquipped: true }), 7, ['equipped'])).toEqual({ kind: 'equipped' });
    expect(refusalFor(held({ isUsed: true }), 7, ['equipped'])).toBeNull();
    expect(refusalFor(held({ isUsed: true }), 7, ['equipped', 'used'])).toEqual({ kind: 'used' });
  });
});

describe('lockHeldItem', () => {
  beforeEach(() => {
    calls.length = 0;
    lockedItem = held();
  });

  it("locks the player's row before the item's and returns the item", async () => {
    expect(await lockHeldItem(tx, 7, { kind: 'gear', id: 5 })).toEqual({ kind: 'held', item: held() });
    expect(calls).toEqual(['players 7', 'item gear 5']);
  });

  it('returns the refusal of an item the player cannot move', async () => {
    lockedItem = held({ isEquipped: true });
    expect(await lockHeldItem(tx, 7, { kind: 'gear', id: 5 }, ['equipped'])).toEqual({ kind: 'equipped' });
  });

  it('takes no lock for an id that cannot name an item', async () => {
    for (const id of [0, -1, 1.5, 2_147_483_648])
      expect(await lockHeldItem(tx, 7, { kind: 'core', id })).toEqual({ kind: 'not-found' });
    expect(calls).toEqual([]);
  });
});

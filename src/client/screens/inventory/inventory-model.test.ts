import { describe, expect, it } from 'vitest';
import type { Gear, TelnetCore } from '../../../core/api/inventory';
import {
  emptySlotText,
  emptyText,
  equippedSlots,
  gearAction,
  inventoryTitle,
  isInTab,
  isSelectable,
  itemKey,
  keepOrder,
  itemsForTab,
  keysOfRarity,
  lowestClearableRarity,
  refOfKey,
} from './inventory-model';

let nextId = 1;
const gear = (over: Partial<Gear> = {}): Gear => ({
  id: nextId++,
  type: 'cpu',
  name: 'Scrap Core CPU',
  description: '',
  rarity: 'common',
  level: 1,
  statValue: 2,
  isEquipped: false,
  listingId: null,
  ...over,
});
const core = (over: Partial<TelnetCore> = {}): TelnetCore => ({
  id: nextId++,
  coreTypeId: 1,
  coreType: { name: 'T-1' },
  isOpened: false,
  isUsed: false,
  telnetRewarded: null,
  listingId: null,
  ...over,
});

describe('inventory model (spec §2)', () => {
  it('titles the list with gear plus cores out of 50, listed items included', () => {
    expect(inventoryTitle([gear(), gear({ listingId: 9 })], [core()])).toBe('Inventory (3/50 items)');
    expect(inventoryTitle([], [])).toBe('Inventory (0/50 items)');
  });

  it('shows each tab its own items: equipped first, then rarer, then higher level', () => {
    const plain = gear({ rarity: 'common', level: 9 });
    const epic = gear({ rarity: 'epic', level: 2 });
    const worn = gear({ isEquipped: true });
    const ram = gear({ type: 'ram' });
    const c = core();
    expect(itemsForTab([plain, epic, worn, ram], [c], 'cpu').map(itemKey)).toEqual(
      [worn, epic, plain].map((g) => `gear:${g.id}`),
    );
    expect(itemsForTab([plain, ram], [c], 'ram').map(itemKey)).toEqual([`gear:${ram.id}`]);
    expect(itemsForTab([plain], [c], 'cores').map(itemKey)).toEqual([`telnet-core:${c.id}`]);
    expect(itemsForTab([plain], [c], 'all')).toHaveLength(2);
    expect(itemsForTab([gear({ type: 'storage' })], [], 'storage')).toHaveLength(1);
  });

  it("has the spec's empty states", () => {
    expect(emptyText('all', 0)).toBe('No Gear Yet');
    expect(emptyText('cpu', 0)).toBe('No Gear Yet');
    expect(emptyText('cpu', 3)).toBe('No CPUs Found');
    expect(emptyText('ram', 3)).toBe('No RAMs Found');
    expect(emptyText('cores', 3)).toBe('No Cores Found');
    expect(emptySlotText('cpu')).toBe('NO_CPU_EQUIPPED');
    expect(emptySlotText('storage')).toBe('NO_STORAGE_EQUIPPED');
  });

  it('fills one slot per type from equipped gear', () => {
    const cpu = gear({ isEquipped: true });
    const slots = equippedSlots([cpu, gear(), gear({ type: 'gpu' })]);
    expect(slots.cpu).toBe(cpu);
    expect(slots.gpu).toBeNull();
  });

  it("chooses the gear button: Req Lv.{n} above the player's level, none while listed", () => {
    expect(gearAction(gear({ level: 6 }), 5)).toEqual({ kind: 'too-low', level: 6 });
    expect(gearAction(gear({ level: 5 }), 5)).toEqual({ kind: 'equip' });
    expect(gearAction(gear({ isEquipped: true }), 5)).toEqual({ kind: 'unequip' });
    expect(gearAction(gear({ listingId: 4 }), 5)).toEqual({ kind: 'listed' });
  });

  it('lets multi-select take only unequipped, unlisted items', () => {
    expect(isSelectable({ kind: 'gear', gear: gear() })).toBe(true);
    expect(isSelectable({ kind: 'gear', gear: gear({ isEquipped: true }) })).toBe(false);
    expect(isSelectable({ kind: 'gear', gear: gear({ listingId: 3 }) })).toBe(false);
    expect(isSelectable({ kind: 'telnet-core', core: core({ listingId: 3 }) })).toBe(false);
  });

  it('finds the lowest rarity to clear, skipping equipped and listed gear', () => {
    const wornCommon = gear({ rarity: 'common', isEquipped: true });
    const listedCommon = gear({ rarity: 'common', listingId: 5 });
    const rare1 = gear({ rarity: 'rare' });
    const rare2 = gear({ rarity: 'rare', type: 'gpu' });
    const epic = gear({ rarity: 'epic' });
    const all = [wornCommon, listedCommon, rare1, rare2, epic];
    expect(lowestClearableRarity(all)).toBe('rare');
    expect(keysOfRarity(all, 'rare')).toEqual([`gear:${rare1.id}`, `gear:${rare2.id}`]);
    expect(lowestClearableRarity([wornCommon])).toBeNull();
  });

  it('turns keys back into bulk-destroy references', () => {
    expect(refOfKey('telnet-core:12')).toEqual({ kind: 'telnet-core', id: 12 });
    expect(itemKey({ kind: 'gear', id: 3 })).toBe('gear:3');
  });
});

describe('the list keeps its order while the player works', () => {
  const keys = (items: ReturnType<typeof itemsForTab>) => items.map(itemKey);

  it('keeps an equipped item where it was instead of moving it to the top', () => {
    const a = gear({ rarity: 'epic' });
    const b = gear({ rarity: 'rare' });
    const c = gear({ rarity: 'common' });
    const first = keepOrder(null, itemsForTab([a, b, c], [], 'all'));
    expect(keys(first)).toEqual([
      itemKey({ kind: 'gear', gear: a }),
      itemKey({ kind: 'gear', gear: b }),
      itemKey({ kind: 'gear', gear: c }),
    ]);
    // Equipping the common one would sort it first; the shown order stays.
    const equipped = { ...c, isEquipped: true };
    const next = keepOrder(keys(first), itemsForTab([a, b, equipped], [], 'all'));
    expect(keys(next)).toEqual(keys(first));
    expect(next[2]).toEqual({ kind: 'gear', gear: equipped });
    expect(keys(itemsForTab([a, b, equipped], [], 'all'))[0]).toBe(itemKey({ kind: 'gear', gear: equipped }));
  });

  it('drops items that left and puts new ones after the rest, sorted among themselves', () => {
    const a = gear({ rarity: 'rare' });
    const b = gear();
    const opened = core();
    const shown = keys(keepOrder(null, itemsForTab([a, b], [opened], 'all')));
    const dropped = gear({ rarity: 'legendary' });
    const bought = core({ coreTypeId: 5, coreType: { name: 'T-5' } });
    const next = keepOrder(shown, itemsForTab([a, b, dropped], [bought], 'all'));
    expect(keys(next)).toEqual(
      [a, b]
        .map((g) => itemKey({ kind: 'gear', gear: g }))
        .concat(itemKey({ kind: 'gear', gear: dropped }), itemKey({ kind: 'telnet-core', core: bought })),
    );
  });

  it('filters a tab out of the kept order', () => {
    const cpu = gear();
    const ram = gear({ type: 'ram' });
    const c = core();
    const all = keepOrder(null, itemsForTab([cpu, ram], [c], 'all'));
    expect(all.filter((i) => isInTab(i, 'ram'))).toEqual([{ kind: 'gear', gear: ram }]);
    expect(all.filter((i) => isInTab(i, 'cores'))).toEqual([{ kind: 'telnet-core', core: c }]);
    expect(all.filter((i) => isInTab(i, 'all'))).toHaveLength(3);
  });
});

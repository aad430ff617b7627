import { balance } from '../../../core/balance';
import type { Gear, ItemRef, TelnetCore } from '../../../core/api/inventory';
import { canEquipAtLevel } from '../../../core/rules/gear-stats';
import { gearTypes, rarityRank, rarityWord, slotLabel, type GearType, type Rarity } from '../../../core/items';
import { fillText, itemTexts } from '../../../core/texts';

/** One thing in the inventory list: a gear item or a Telnet Core. */
export type InventoryItem = { kind: 'gear'; gear: Gear } | { kind: 'telnet-core'; core: TelnetCore };

/** A stable key per item, unique across gear and cores ("gear:12", "telnet-core:7"). */
export function itemKey(item: InventoryItem | ItemRef): string {
  if ('id' in item) return `${item.kind}:${item.id}`;
  return item.kind === 'gear' ? `gear:${item.gear.id}` : `telnet-core:${item.core.id}`;
}

/** spec §2 tabs All, CPU, Memory, GPU, Cores; ADR 015 adds Storage before Cores. */
export type InventoryTab = 'all' | GearType | 'cores';
export const inventoryTabs: readonly { key: InventoryTab; label: string; noun: string }[] = [
  { key: 'all', label: itemTexts.tabAll, noun: 'Item' },
  { key: 'cpu', label: itemTexts.tabCpu, noun: 'CPU' },
  { key: 'ram', label: itemTexts.tabMemory, noun: 'RAM' },
  { key: 'gpu', label: itemTexts.tabGpu, noun: 'GPU' },
  { key: 'storage', label: itemTexts.tabStorage, noun: 'Storage' },
  { key: 'cores', label: itemTexts.tabCores, noun: 'Core' },
];

/** The items a tab shows: equipped gear first, then by rarity (highest first), level, and newest. */
export function itemsForTab(gear: readonly Gear[], cores: readonly TelnetCore[], tab: InventoryTab): InventoryItem[] {
  const gearShown = tab === 'cores' ? [] : gear.filter((g) => tab === 'all' || g.type === tab);
  const sortedGear = [...gearShown].sort(
    (a, b) =>
      Number(b.isEquipped) - Number(a.isEquipped) ||
      rarityRank(b.rarity) - rarityRank(a.rarity) ||
      b.level - a.level ||
      b.id - a.id,
  );
  const coresShown =
    tab === 'all' || tab === 'cores' ? [...cores].sort((a, b) => b.coreTypeId - a.coreTypeId || b.id - a.id) : [];
  return [
    ...sortedGear.map((g): InventoryItem => ({ kind: 'gear', gear: g })),
    ...coresShown.map((c): InventoryItem => ({ kind: 'telnet-core', core: c })),
  ];
}

/** Whether a tab shows an item. */
export function isInTab(item: InventoryItem, tab: InventoryTab): boolean {
  if (tab === 'all') return true;
  if (item.kind === 'telnet-core') return tab === 'cores';
  return item.gear.type === tab;
}

/**
 * The list in the order the player first saw it (ui.md: no re-sort under the pointer): items already
 * shown keep their places, items gone leave, new ones (drops, purchases) come after them in sorted
 * order. `shown` null (first load, or the player asked to sort again) gives the sorted list itself.
 */
export function keepOrder(shown: readonly string[] | null, sorted: readonly InventoryItem[]): InventoryItem[] {
  if (!shown) return [...sorted];
  const byKey = new Map(sorted.map((item) => [itemKey(item), item]));
  const kept = shown.flatMap((key) => {
    const item = byKey.get(key);
    return item ? [item] : [];
  });
  const known = new Set(shown);
  return [...kept, ...sorted.filter((item) => !known.has(itemKey(item)))];
}

/** spec §2 empty states: 'No Gear Yet' with nothing at all, 'No {type}s Found' for an empty tab. */
export function emptyText(tab: InventoryTab, heldCount: number): string {
  if (heldCount === 0 || tab === 'all') return itemTexts.noGearYet;
  const noun = inventoryTabs.find((t) => t.key === tab)?.noun ?? 'Item';
  return fillText(itemTexts.noTypeFound, { type: noun });
}

/** spec §2 'Inventory (n/50 items)': gear plus held cores, listed ones included (they keep their slot). */
export function inventoryTitle(gear: readonly Gear[], cores: readonly TelnetCore[]): string {
  return fillText(itemTexts.inventoryTitle, { n: gear.length + cores.length, max: balance.inventoryCapacity });
}

/** The equipped item of each slot (one per type), or null. */
export function equippedSlots(gear: readonly Gear[]): Record<GearType, Gear | null> {
  const slots = Object.fromEntries(gearTypes.map((t) => [t, null])) as Record<GearType, Gear | null>;
  for (const g of gear) if (g.isEquipped) slots[g.type] = g;
  return slots;
}

/** spec §2: an empty slot reads 'NO_CPU_EQUIPPED' (and NO_RAM_, NO_GPU_, NO_STORAGE_). */
export function emptySlotText(type: GearType): string {
  return fillText(itemTexts.slotEmpty, { slot: slotLabel[type] });
}

/** What a gear card's main action is: unequip, equip, blocked by level ('Req Lv.{n}'), or none while listed. */
export type GearAction =
  { kind: 'unequip' } | { kind: 'equip' } | { kind: 'too-low'; level: number } | { kind: 'listed' };
export function gearAction(gear: Gear, playerLevel: number): GearAction {
  if (gear.listingId !== null) return { kind: 'listed' };
  if (gear.isEquipped) return { kind: 'unequip' };
  if (!canEquipAtLevel(gear.level, playerLevel)) return { kind: 'too-low', level: gear.level };
  return { kind: 'equip' };
}

/** Items multi-select may take: not equipped, not listed (spec §4: only unequipped gear can be destroyed). */
export function isSelectable(item: InventoryItem): boolean {
  if (item.kind === 'gear') return !item.gear.isEquipped && item.gear.listingId === null;
  return item.core.listingId === null;
}

/** The lowest gear rarity held among selectable gear, or null when none ("CLEAR COMMON"). Cores are opened, not cleared. */
export function lowestClearableRarity(gear: readonly Gear[]): Rarity | null {
  const rarities = gear.filter((g) => isSelectable({ kind: 'gear', gear: g })).map((g) => g.rarity);
  if (rarities.length === 0) return null;
  return rarities.reduce((low, r) => (rarityRank(r) < rarityRank(low) ? r : low));
}

/** Keys of every selectable gear item of a rarity: what CLEAR {rarity} selects. */
export function keysOfRarity(gear: readonly Gear[], rarity: Rarity): string[] {
  return gear.filter((g) => g.rarity === rarity && isSelectable({ kind: 'gear', gear: g })).map((g) => `gear:${g.id}`);
}

/** "CLEAR 3 COMMON ITEMS": which rarity CLEAR selects for destruction, and how many items. */
export function clearLabel(rarity: Rarity, n: number): string {
  return fillText(itemTexts.clearLowest, { n, rarity: rarityWord(rarity), items: n === 1 ? 'ITEM' : 'ITEMS' });
}

/** A key back to the reference a bulk destroy sends. */
export function refOfKey(key: string): ItemRef {
  const [kind, id] = key.split(':') as ['gear' | 'telnet-core', string];
  return { kind, id: Number(id) };
}

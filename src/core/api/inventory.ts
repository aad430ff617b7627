import { z } from 'zod';
import { balance } from '../balance';
import { CoreTypeName, GearType, ItemKind, Rarity } from '../items';
import { queryInt } from './common';

/**
 * The inventory contract (spec §7 "Gear and cores"). Every POST here answers
 * { success, message, … } on 200 and { success: false, message } with a 4xx; the texts are itemTexts.
 * POSTs that move or destroy value carry an Idempotency-Key header (see idempotentPaths).
 */

/** A row id in a body or path: a positive int4 (the columns are serial), never a fraction, string or 2^31. */
export const ItemId = z.int().min(1).max(2_147_483_647);
/** The same, from a path segment ("/api/telnet-cores/17/use"). */
export const ItemIdParam = queryInt(ItemId);

/** spec §3 gear, as GET /api/gear lists it. listingId is set while it sits in a Data Exchange listing. */
export const Gear = z.object({
  id: ItemId,
  type: GearType,
  name: z.string(),
  description: z.string(),
  rarity: Rarity,
  level: z.int().min(1),
  statValue: z.int().min(0),
  isEquipped: z.boolean(),
  /** The active listing holding it (escrow): it cannot be equipped, destroyed or listed again. */
  listingId: ItemId.nullable(),
});
export type Gear = z.infer<typeof Gear>;

/** GET /api/gear: the player's gear, listed items included, oldest first. */
export const GearList = z.array(Gear);

/** spec §3 Telnet Core. GET /api/telnet-cores lists the cores the player holds (unopened); an opened core is consumed. */
export const TelnetCore = z.object({
  id: ItemId,
  coreTypeId: z.int().min(1),
  coreType: z.object({ name: CoreTypeName }),
  isOpened: z.boolean(),
  isUsed: z.boolean(),
  telnetRewarded: z.int().min(0).nullable(),
  listingId: ItemId.nullable(),
});
export type TelnetCore = z.infer<typeof TelnetCore>;
export const TelnetCoreList = z.array(TelnetCore);

/** GET /api/telnet-core-types: spec §3 {id, name}, plus the balance module's odds and reward range. */
export const TelnetCoreTypeView = z.object({
  id: z.int().min(1),
  name: CoreTypeName,
  successChance: z.number().min(0).max(1),
  minTelnet: z.int().min(0),
  maxTelnet: z.int().min(0),
});
export type TelnetCoreTypeView = z.infer<typeof TelnetCoreTypeView>;
export const TelnetCoreTypeList = z.array(TelnetCoreTypeView);

/** The answer of every inventory and market POST (spec §7: success and message). */
export const ActionResult = z.object({ success: z.boolean(), message: z.string() });
export type ActionResult = z.infer<typeof ActionResult>;

/** POST /api/gear/equip {gearId, equip}: equip true puts it in its type's slot (replacing what was there), false takes it out. */
export const EquipBody = z.strictObject({ gearId: ItemId, equip: z.boolean() });
export type EquipBody = z.infer<typeof EquipBody>;

/** POST /api/gear/destroy {gearId}. */
export const DestroyGearBody = z.strictObject({ gearId: ItemId });
export type DestroyGearBody = z.infer<typeof DestroyGearBody>;

/** One item named in a bulk destroy. */
export const ItemRef = z.strictObject({ kind: ItemKind, id: ItemId });
export type ItemRef = z.infer<typeof ItemRef>;

/** POST /api/inventory/destroy {items}: multi-select's 'Destroy All' and "clear lowest rarity" (1–50 distinct items). */
export const BulkDestroyBody = z.strictObject({ items: z.array(ItemRef).min(1).max(balance.bulkDestroyMax) });
export type BulkDestroyBody = z.infer<typeof BulkDestroyBody>;

/**
 * Bulk destroy answer: what was destroyed and what was skipped (not the player's, equipped, listed,
 * or already gone). Skipped items are left exactly as they were; success is true when none was skipped.
 */
export const BulkDestroyResult = ActionResult.extend({ destroyed: z.array(ItemRef), skipped: z.array(ItemRef) });
export type BulkDestroyResult = z.infer<typeof BulkDestroyResult>;

/** POST /api/telnet-cores/destroy {telnetCoreId}. */
export const DestroyCoreBody = z.strictObject({ telnetCoreId: ItemId });
export type DestroyCoreBody = z.infer<typeof DestroyCoreBody>;

/** POST /api/telnet-cores/{id}/use: path param; the body is empty ({} or none). */
export const UseCoreParams = z.strictObject({ id: ItemIdParam });
export const UseCoreBody = z.strictObject({}).optional();

/**
 * spec §7: use returns success and telnetRewarded. 200 either way: success false is a failed connection
 * (the core is destroyed, telnetRewarded 0, message itemTexts.coreOpenFailed); success true paid
 * telnetRewarded through the ledger ('core-open'), message itemTexts.coreOpenSucceeded.
 */
export const UseCoreResult = ActionResult.extend({ telnetRewarded: z.int().min(0) });
export type UseCoreResult = z.infer<typeof UseCoreResult>;

/** Inventory paths (the client's query keys are these paths, spec §7). */
export const inventoryPaths = {
  gear: '/api/gear',
  equip: '/api/gear/equip',
  destroyGear: '/api/gear/destroy',
  bulkDestroy: '/api/inventory/destroy',
  cores: '/api/telnet-cores',
  coreTypes: '/api/telnet-core-types',
  destroyCore: '/api/telnet-cores/destroy',
  useCore: (id: number) => `/api/telnet-cores/${id}/use`,
} as const;

import type { BulkDestroyBody, DestroyGearBody, EquipBody, Gear, ItemRef } from '../../../core/api/inventory';
import type { User } from '../../../core/api/common';
import type { Listing } from '../../../core/api/market';
import { fillText, itemTexts } from '../../../core/texts';
import type { Database } from '../../db/connect';
import { HttpError } from '../../http/errors';
import { runIdempotent } from '../../idempotency';
import { listItems, removeItem, setEquipped } from '../../inventory';
import type { Bus } from '../../realtime/bus';

export interface GearServiceDeps {
  database: Database;
  bus: Bus;
  now: () => number;
  /** The player's active listings (data-exchange service): listed gear shows with its listingId. */
  listingsOf(userId: number): Promise<Listing[]>;
  /** The player as they now are (effective stats), for user.updated after an equip. */
  userView(userId: number): Promise<User>;
}

const refuse = (status: number, message: string, extra: Record<string, unknown> = {}): never => {
  throw new HttpError(status, message, { success: false, ...extra });
};

/** Gear on the inventory screen (spec §7 Gear and cores): list, equip, destroy, and multi-select destroy. */
export function createGearService(deps: GearServiceDeps) {
  const { database, bus } = deps;
  const changed = (userId: number, reason: 'equip' | 'destroy') =>
    bus.publish({ audience: { kind: 'users', userIds: [userId] }, event: { t: 'inventory.changed', d: { reason } } });

  return {
    /** GET /api/gear: held gear, then gear in the player's listings, oldest first. */
    async list(userId: number): Promise<Gear[]> {
      const { gear } = await listItems(database.db, userId);
      const held: Gear[] = gear.map((g) => ({
        id: g.id,
        type: g.type,
        name: g.name,
        description: g.description,
        rarity: g.rarity,
        level: g.level,
        statValue: g.statValue,
        isEquipped: g.isEquipped,
        listingId: null,
      }));
      const listed: Gear[] = (await deps.listingsOf(userId)).flatMap((l) =>
        l.itemType === 'gear' ? [{ id: l.itemId, ...l.itemData, isEquipped: false, listingId: l.id }] : [],
      );
      return [...held, ...listed].sort((a, b) => a.id - b.id);
    },

    /** One slot per type; equipping replaces. Refused above the player's level (spec §5) and while listed. */
    async equip(user: { id: number }, body: EquipBody) {
      // The level as stored, not the session's cached view (ADR 035): an operator grant sends no event.
      const { level } = await deps.userView(user.id);
      const result = await database.db.transaction((tx) =>
        setEquipped(tx, { userId: user.id, gearId: body.gearId, equip: body.equip, playerLevel: level }),
      );
      if (result.kind === 'not-found') return refuse(404, itemTexts.gearNotFound);
      if (result.kind === 'in-escrow') return refuse(409, itemTexts.itemListed);
      if (result.kind === 'level-too-low')
        return refuse(403, `${itemTexts.levelTooLow}: ${fillText(itemTexts.levelTooLowBody, { n: result.level })}`, {
          title: itemTexts.levelTooLow,
        });
      const user_ = await deps.userView(user.id);
      bus.publish({ audience: { kind: 'users', userIds: [user.id] }, event: { t: 'user.updated', d: user_ } });
      changed(user.id, 'equip');
      const text = result.kind === 'equipped' ? itemTexts.gearEquipped : itemTexts.gearUnequipped;
      return { success: true, message: fillText(text, { name: result.gear.name }), user: user_ };
    },

    async destroy(userId: number, key: string, body: DestroyGearBody) {
      return runIdempotent(
        database,
        { userId, key, scope: 'gear.destroy', request: body, now: deps.now() },
        async (tx, afterCommit) => {
          const removed = await removeItem(tx, { userId, item: { kind: 'gear', id: body.gearId } });
          if (removed.kind === 'not-found') return refuse(404, itemTexts.gearNotFound);
          if (removed.kind === 'in-escrow') return refuse(409, itemTexts.itemListed);
          if (removed.kind === 'equipped') return refuse(409, itemTexts.unequipBeforeDestroy);
          afterCommit(() => changed(userId, 'destroy'));
          return { statusCode: 200, body: { success: true, message: fillText(itemTexts.itemsDestroyed, { n: 1 }) } };
        },
      );
    },

    /** Multi-select 'Destroy All' and "clear lowest rarity": what cannot go is skipped and left as it was. */
    async destroyMany(userId: number, key: string, body: BulkDestroyBody) {
      const seen = new Set(body.items.map((i) => `${i.kind}:${i.id}`));
      if (seen.size !== body.items.length) refuse(400, itemTexts.duplicateItems);
      return runIdempotent(
        database,
        { userId, key, scope: 'inventory.destroy', request: body, now: deps.now() },
        async (tx, afterCommit) => {
          const destroyed: ItemRef[] = [];
          const skipped: ItemRef[] = [];
          for (const item of body.items) {
            const removed = await removeItem(tx, {
              userId,
              item: { kind: item.kind === 'gear' ? 'gear' : 'core', id: item.id },
            });
            (removed.kind === 'removed' ? destroyed : skipped).push(item);
          }
          const message =
            skipped.length === 0
              ? fillText(itemTexts.itemsDestroyed, { n: destroyed.length })
              : itemTexts.destroySomeFailed;
          afterCommit(() => changed(userId, 'destroy'));
          return { statusCode: 200, body: { success: skipped.length === 0, message, destroyed, skipped } };
        },
      );
    },
  };
}

export type GearService = ReturnType<typeof createGearService>;

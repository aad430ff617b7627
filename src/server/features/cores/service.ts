import type { DestroyCoreBody, TelnetCore, TelnetCoreTypeView } from '../../../core/api/inventory';
import type { User } from '../../../core/api/common';
import type { Listing } from '../../../core/api/market';
import { balance } from '../../../core/balance';
import { findCoreType, openCore as rollCore } from '../../../core/rules/cores';
import { fillText, itemTexts } from '../../../core/texts';
import type { Database } from '../../db/connect';
import { HttpError } from '../../http/errors';
import { runIdempotent } from '../../idempotency';
import { listItems, openCore, removeItem } from '../../inventory';
import type { Bus } from '../../realtime/bus';
import { credit } from '../../wallet';
import { publishUserViews } from '../../realtime/user-views';

export interface CoreServiceDeps {
  database: Database;
  bus: Bus;
  random: () => number;
  now: () => number;
  listingsOf(userId: number): Promise<Listing[]>;
  userView(userId: number): Promise<User>;
}

const refuse = (status: number, message: string): never => {
  throw new HttpError(status, message, { success: false });
};
const coreTypeName = (id: number) => findCoreType(id)!.name;

/** Telnet Cores (spec §4, §7): list, types, use (open) and destroy. */
export function createCoreService(deps: CoreServiceDeps) {
  const { database, bus } = deps;
  const changed = (userId: number, reason: 'core-open' | 'destroy') =>
    bus.publish({ audience: { kind: 'users', userIds: [userId] }, event: { t: 'inventory.changed', d: { reason } } });

  /**
   * After the commit, the player's other tabs get their new balance. A failing read here must not turn
   * the committed open into a 500 (a retry would only replay it): those tabs already got
   * inventory.changed, and the tab that opened reconciles from its answer.
   */
  const publishUserView = (userId: number) => publishUserViews(deps, [userId]);

  return {
    types(): TelnetCoreTypeView[] {
      return balance.telnetCoreTypes.map((t) => ({
        id: t.id,
        name: t.name,
        successChance: t.successChance,
        minTelnet: t.minTelnet,
        maxTelnet: t.maxTelnet,
      }));
    },

    /** GET /api/telnet-cores: unopened cores held, then cores in the player's listings. */
    async list(userId: number): Promise<TelnetCore[]> {
      const { cores } = await listItems(database.db, userId);
      const held: TelnetCore[] = cores
        .filter((c) => !c.isUsed)
        .map((c) => ({
          id: c.id,
          coreTypeId: c.coreTypeId,
          coreType: { name: coreTypeName(c.coreTypeId) },
          isOpened: false,
          isUsed: false,
          telnetRewarded: null,
          listingId: null,
        }));
      const listed: TelnetCore[] = (await deps.listingsOf(userId)).flatMap((l) =>
        l.itemType === 'telnet-core'
          ? [
              {
                id: l.itemId,
                coreTypeId: l.itemData.coreTypeId,
                coreType: { name: l.itemData.coreTypeName },
                isOpened: false,
                isUsed: false,
                telnetRewarded: null,
                listingId: l.id,
              },
            ]
          : [],
      );
      return [...held, ...listed].sort((a, b) => a.id - b.id);
    },

    /**
     * Opens a core once (spec §4): the chance of its type with the server's random; success pays
     * through the ledger ('core-open'), failure destroys the core. Of concurrent uses one opens it.
     */
    async use(userId: number, key: string, coreId: number) {
      return runIdempotent(
        database,
        { userId, key, scope: 'cores.use', request: { coreId }, now: deps.now() },
        async (tx, afterCommit) => {
          const held = (await listItems(tx, userId)).cores.find((c) => c.id === coreId && !c.isUsed);
          const coreType = held ? findCoreType(held.coreTypeId)! : undefined;
          const roll = coreType ? rollCore(deps.random, coreType) : { success: false, telnetRewarded: 0 };
          const opened = await openCore(tx, { userId, coreId, telnetRewarded: roll.telnetRewarded });
          if (opened.kind === 'not-found') return refuse(404, itemTexts.coreNotFound);
          if (opened.kind === 'in-escrow') return refuse(409, itemTexts.itemListed);
          if (opened.kind === 'used') return refuse(409, itemTexts.coreAlreadyOpened);
          if (!coreType) return refuse(409, itemTexts.activateCoreFailed); // it arrived after our read: try again
          afterCommit(async () => {
            changed(userId, 'core-open');
            await publishUserView(userId);
          });
          if (!roll.success) {
            await removeItem(tx, { userId, item: { kind: 'core', id: coreId } });
            return { statusCode: 200, body: { success: false, message: itemTexts.coreOpenFailed, telnetRewarded: 0 } };
          }
          await credit(tx, { userId, amount: roll.telnetRewarded, reason: 'core-open', reference: `core:${coreId}` });
          return {
            statusCode: 200,
            body: {
              success: true,
              message: fillText(itemTexts.coreOpenSucceeded, { n: roll.telnetRewarded }),
              telnetRewarded: roll.telnetRewarded,
            },
          };
        },
      );
    },

    async destroy(userId: number, key: string, body: DestroyCoreBody) {
      return runIdempotent(
        database,
        { userId, key, scope: 'cores.destroy', request: body, now: deps.now() },
        async (tx, afterCommit) => {
          const removed = await removeItem(tx, { userId, item: { kind: 'core', id: body.telnetCoreId } });
          if (removed.kind === 'not-found') return refuse(404, itemTexts.coreNotFound);
          if (removed.kind === 'in-escrow') return refuse(409, itemTexts.itemListed);
          if (removed.kind !== 'removed') return refuse(409, itemTexts.destroyCoreFailed);
          afterCommit(() => changed(userId, 'destroy'));
          return { statusCode: 200, body: { success: true, message: fillText(itemTexts.itemsDestroyed, { n: 1 }) } };
        },
      );
    },
  };
}

export type CoreService = ReturnType<typeof createCoreService>;

import { balance } from '../../../core/balance';
import type { CoreDropView, GearDropView } from '../../../core/api/game';
import { coreTypes, type CoreDrop, type GearDrop } from '../../../core/rules/drops';
import type { Executor } from '../../db/connect';
import { insertCores } from '../cores/store';
import { countInventory, insertGear } from './store';

export interface DropsToStore {
  userId: number;
  gear: GearDrop[];
  cores: CoreDrop[];
}

export interface StoredDrops {
  gear: GearDropView[];
  cores: CoreDropView[];
  lost: number;
}

/**
 * Stores each request's drops in order while the player's inventory has room (spec §3: 50 items);
 * what does not fit is lost and counted, so the client can say 'Inventory Full!'.
 * Call inside the transaction that holds the players' rows locked.
 */
export async function storeDrops(tx: Executor, requests: DropsToStore[]): Promise<StoredDrops[]> {
  const withDrops = requests.filter((r) => r.gear.length + r.cores.length > 0);
  const held = await countInventory(tx, [...new Set(withDrops.map((r) => r.userId))]);
  const results: StoredDrops[] = [];
  for (const request of requests) {
    if (request.gear.length + request.cores.length === 0) {
      results.push({ gear: [], cores: [], lost: 0 });
      continue;
    }
    let room = balance.inventoryCapacity - (held.get(request.userId) ?? 0);
    const gearKept = request.gear.slice(0, Math.max(0, room));
    room -= gearKept.length;
    const coresKept = request.cores.slice(0, Math.max(0, room));
    held.set(request.userId, (held.get(request.userId) ?? 0) + gearKept.length + coresKept.length);
    const gearRows = await insertGear(tx, request.userId, gearKept);
    const coreRows = await insertCores(tx, request.userId, coresKept);
    results.push({
      gear: gearRows.map((g) => ({ ...g })),
      cores: coreRows.map((c) => {
        const name = coreTypes.find((t) => t.id === c.coreTypeId)?.name ?? `T-${c.coreTypeId}`;
        return { id: c.id, name: `${name} Telnet Core`, coreTypeName: name };
      }),
      lost: request.gear.length + request.cores.length - gearKept.length - coresKept.length,
    });
  }
  return results;
}

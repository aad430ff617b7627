import type { CoreDropView, GearDropView } from '../../core/api/game';
import { coreTypes } from '../../core/rules/drops';
import type { CoreItem, GearItem } from './types';

/** A stored gear drop as the tap-batch and drone harvest answers show it (spec §3 gear drop). */
export function toGearDropView(g: GearItem): GearDropView {
  return { id: g.id, name: g.name, type: g.type, rarity: g.rarity, level: g.level, statValue: g.statValue };
}

/** A stored core as the tap-batch response shows it (spec §3: name, coreTypeName). */
export function toCoreDropView(c: CoreItem): CoreDropView {
  const name = coreTypes.find((t) => t.id === c.coreTypeId)?.name ?? `T-${c.coreTypeId}`;
  return { id: c.id, name: `${name} Telnet Core`, coreTypeName: name };
}

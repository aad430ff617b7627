import { balance } from '../balance';
import type { CoreTypeName } from '../items';
import { randomInt } from '../random';

/** One Telnet Core type's numbers (balance.telnetCoreTypes). */
export type TelnetCoreType = (typeof balance.telnetCoreTypes)[number];

/** The outcome of opening a core: success pays telnetRewarded; failure pays 0 and destroys it (spec §4). */
export interface CoreOpening {
  success: boolean;
  telnetRewarded: number;
}

/** A core type by name or id; undefined for one the balance module does not know. */
export function findCoreType(key: CoreTypeName | number): TelnetCoreType | undefined {
  return balance.telnetCoreTypes.find((c) => c.name === key || c.id === key);
}

/**
 * Opens a core (spec §4): succeeds with the type's successChance, then pays a whole number of Telnet
 * uniform in minTelnet..maxTelnet. One draw decides success, a second the amount, so a seeded
 * generator replays an opening exactly.
 */
export function openCore(random: () => number, coreType: TelnetCoreType): CoreOpening {
  if (random() >= coreType.successChance) return { success: false, telnetRewarded: 0 };
  return { success: true, telnetRewarded: randomInt(random, coreType.minTelnet, coreType.maxTelnet) };
}

/** Expected Telnet from opening one core of a type: successChance × the mean reward. */
export function expectedCoreTelnet(coreType: TelnetCoreType): number {
  return coreType.successChance * ((coreType.minTelnet + coreType.maxTelnet) / 2);
}

/** Expected Telnet of one dropped core of unknown type: each type's expected opening, weighted by its drop weight (≈ 12.67). */
export function expectedDroppedCoreTelnet(): number {
  const totalWeight = balance.telnetCoreTypes.reduce((sum, c) => sum + c.weight, 0);
  return balance.telnetCoreTypes.reduce((sum, c) => sum + (c.weight / totalWeight) * expectedCoreTelnet(c), 0);
}

/** Expected Telnet a decode brings through core drops alone: the core chance × a dropped core's expected Telnet (≈ 0.127). */
export function expectedCoreTelnetPerDecode(): number {
  return balance.coreDropChance * expectedDroppedCoreTelnet();
}

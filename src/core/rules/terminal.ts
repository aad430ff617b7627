import { balance } from '../balance';

/**
 * The Terminal's pure rules (spec §9, docs/game-rules.md §18): directory slots, the extra
 * directory's price, what a hack takes, and who may be hacked at all.
 */

/** spec §1/§9 reading: slots start at 1 and grow by one every 5 levels up to 5, plus extras bought. */
export function maxDirectories(level: number, extraDirectories: number): number {
  const grown = balance.firstDirectorySlots + Math.floor(Math.max(0, level - 1) / balance.directorySlotEveryLevels);
  return Math.min(balance.defaultMaxDirectories, grown) + extraDirectories;
}

/** The price of the next extra directory, or null when the player already has the most allowed. */
export function extraDirectoryPrice(extrasOwned: number): number | null {
  if (extrasOwned >= balance.maxExtraDirectories) return null;
  return (extrasOwned + 1) * balance.extraDirectoryPriceStep;
}

/** spec §9: a hack steals 30 % of the victim's Telnet, rounded down to whole Telnet. */
export function hackAmount(victimTelnet: number): number {
  return Math.floor((Math.max(0, victimTelnet) * balance.hackStealPct) / 100);
}

export interface HackParties {
  attackerLevel: number;
  victimLevel: number;
  /** ms since the epoch. */
  victimRegisteredAt: number;
  /** Whether the victim has ever hacked someone: their first successful hack lifts their own 24-hour shield (ADR 050). */
  victimHasHacked: boolean;
  /** ms; the victim's 15-minute shield after being hacked, if any. */
  victimShieldUntil: number | null;
  /** ms; the attacker's last successful hack of this victim, if any. */
  lastHackOfVictimAt: number | null;
  now: number;
}

export type HackRefusal =
  | 'attacker-low-level'
  | 'victim-low-level'
  | 'victim-too-new'
  | 'level-gap'
  | 'level-gap-above'
  | 'victim-shielded'
  | 'already-hacked-today';

/**
 * Fair play: why this attacker may not hack this victim now, or null if they may. The shields bind both
 * ways (ADR 050): nobody hacks below hackShieldMinLevel, and the level gap holds above and below, so an
 * account kept at a low level cannot raid, and whoever raids can be raided back.
 */
export function hackRefusal(p: HackParties): HackRefusal | null {
  if (p.attackerLevel < balance.hackShieldMinLevel) return 'attacker-low-level';
  if (p.victimLevel < balance.hackShieldMinLevel) return 'victim-low-level';
  if (!p.victimHasHacked && p.now - p.victimRegisteredAt < balance.hackShieldHours * 3_600_000) return 'victim-too-new';
  if (p.attackerLevel - p.victimLevel > balance.hackMaxLevelGap) return 'level-gap';
  if (p.victimLevel - p.attackerLevel > balance.hackMaxLevelGap) return 'level-gap-above';
  if (p.victimShieldUntil !== null && p.victimShieldUntil > p.now) return 'victim-shielded';
  if (p.lastHackOfVictimAt !== null && p.now - p.lastHackOfVictimAt < balance.hackPerVictimWindowHours * 3_600_000)
    return 'already-hacked-today';
  return null;
}

/** Whole minutes left until a time, at least 1 while any time is left (for refusal texts). */
export function minutesLeft(until: number, now: number): number {
  return Math.max(1, Math.ceil((until - now) / 60_000));
}

/**
 * Until when this attacker may not ssh into this victim again (ms), or null if they may now: the
 * cooldown runs from the end of their latest intrusion into them; one still open ends now, being replaced (ADR 049).
 */
export function intrusionCooldownUntil(lastEndsAt: number | null, now: number): number | null {
  if (lastEndsAt === null) return null;
  const until = Math.min(lastEndsAt, now) + balance.intrusionCooldownMinutes * 60_000;
  return until > now ? until : null;
}

/** Whether a new intrusion alerts its victim: not when this attacker's last alert to them is inside the window. */
export function alertsVictim(lastAlertAt: number | null, now: number): boolean {
  return lastAlertAt === null || now - lastAlertAt >= balance.intrusionAlertWindowMinutes * 60_000;
}

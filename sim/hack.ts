import { balance } from '../src/core/balance';
import { hackAmount, hackRefusal, maxDirectories } from '../src/core/rules/terminal';
import type { Player } from './model';
import { transfer, type World } from './world';

/**
 * Chance that an intruder finds the Token within the 60 s limit: an assumption of the simulation (the
 * victim hides it in one of their directories; more directories, more places to look).
 */
export function tokenFindChance(victimDirectories: number): number {
  return Math.min(1, 3 / (2 + victimDirectories));
}

/** Whether `attacker` may hack `victim` now, by the server's rule (terminal.ts hackRefusal). */
export function mayHack(attacker: Player, victim: Player, nowMs: number): boolean {
  if (victim.id === attacker.id || victim.registeredAtMs > nowMs) return false;
  return (
    hackRefusal({
      attackerLevel: attacker.level,
      victimLevel: victim.level,
      victimRegisteredAt: victim.registeredAtMs,
      victimHasHacked: victim.hasHacked,
      victimShieldUntil: victim.hackedShieldUntilMs,
      lastHackOfVictimAt: attacker.lastHackOfVictimMs.get(victim.id) ?? null,
      now: nowMs,
    }) === null
  );
}

/**
 * One intrusion by a hacker who picks the richest player it may legally hack: on finding the Token it
 * takes hackAmount (30 %) through the wallet, the victim gets the 15-minute shield and the attacker the
 * forced-exit cooldown, as the server's hack does.
 */
export function tryHack(world: World, attacker: Player): void {
  if (attacker.sshCooldownUntilMs > world.nowMs) return;
  let victim: Player | null = null;
  for (const p of world.players) {
    if (p.telnet <= 0 || (victim && p.telnet <= victim.telnet)) continue;
    if (mayHack(attacker, p, world.nowMs)) victim = p;
  }
  if (!victim) return;
  attacker.sshCooldownUntilMs = world.nowMs + balance.intrusionCooldownMinutes * 60_000;
  if (world.random() >= tokenFindChance(maxDirectories(victim.level, victim.extraDirectories))) return;
  const stolen = hackAmount(victim.telnet);
  if (stolen > 0) transfer(world, victim, attacker, stolen, { from: 'hack-lost', to: 'hack-stolen' });
  attacker.lastHackOfVictimMs.set(victim.id, world.nowMs);
  attacker.hasHacked = true;
  attacker.sshCooldownUntilMs = world.nowMs + balance.forcedExitCooldownMinutes * 60_000;
  victim.hackedShieldUntilMs = world.nowMs + balance.hackedVictimShieldMinutes * 60_000;
}

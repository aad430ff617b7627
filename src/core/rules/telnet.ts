import { balance } from '../balance';
import { telnetCentsForDecodes } from './decode-budget';

/**
 * Converts decodes to Telnet at the connection rate: each decode earns connectionRate hundredths
 * of a Telnet, kept in a remainder so nothing is lost to rounding (10% → 1 Telnet per 10 decodes).
 * `decodesBefore` is how many decodes the player made earlier this UTC day: past the daily budget
 * each decode pays less (ADR 052).
 */
export function convertDecodesToTelnet(
  decodes: number,
  connectionRatePct: number,
  remainderCents: number,
  decodesBefore = 0,
): { telnet: number; remainderCents: number } {
  const cents = remainderCents + telnetCentsForDecodes(decodesBefore, decodes, connectionRatePct);
  return {
    telnet: Math.floor(cents / balance.telnetCentsPerTelnet),
    remainderCents: cents % balance.telnetCentsPerTelnet,
  };
}

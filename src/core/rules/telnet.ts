import { balance } from '../balance';

/**
 * Converts decodes to Telnet at the connection rate: each decode earns connectionRate hundredths
 * of a Telnet, kept in a remainder so nothing is lost to rounding (10% → 1 Telnet per 10 decodes).
 */
export function convertDecodesToTelnet(
  decodes: number,
  connectionRatePct: number,
  remainderCents: number,
): { telnet: number; remainderCents: number } {
  const cents = remainderCents + decodes * Math.round(connectionRatePct);
  return {
    telnet: Math.floor(cents / balance.telnetCentsPerTelnet),
    remainderCents: cents % balance.telnetCentsPerTelnet,
  };
}

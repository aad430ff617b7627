const telnetFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * Every Telnet amount a screen prints, in one format: whole numbers with a comma every three digits
 * (1,234,567), the same on every screen and in every locale, so a balance reads alike on the Mainframe,
 * the Kernel, the Optimizer and the Data Exchange.
 */
export function formatTelnet(amount: number): string {
  return telnetFormat.format(amount);
}

/** A gain, as rewards and harvests show it: +1,200. */
export function formatTelnetGain(amount: number): string {
  return `+${formatTelnet(amount)}`;
}

/** A percent stat as the boss screen shows it (spec §2): fixed decimals, a '%' sign, no trailing noise. */
export function formatPercent(value: number, decimals: number): string {
  const rounded = Number.isFinite(value) ? value : 0;
  return `${rounded.toFixed(decimals)}%`;
}

/**
 * Player-visible texts the client needed that the spec does not quote and src/core/texts.ts does
 * not hold yet. Kept here in one place so they can move to core/texts.ts in one step.
 */
export const clientTexts = {
  levelUpTitle: 'LEVEL UP',
  levelUpBody: (level: number) => `Access level ${level} granted. The mainframe yields more per row.`,
  lootTitle: 'LOOT DECRYPTED',
  gearDropLine: (name: string, rarity: string) => `${name} [${rarity.toUpperCase()}]`,
  coreDropLine: (name: string) => `Telnet Core ${name}`,
  autoClickerCleared: 'Decode queue flushed: that pace looks automated.',
  offlineSoon: 'OFFLINE — coming soon',
  bootText: 'ESTABLISHING UPLINK…',
} as const;

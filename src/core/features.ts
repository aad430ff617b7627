/** The game's features by the spec's screen words (spec §1): where each mission is played. */
export const featureIds = [
  'mainframe',
  'chat',
  'ping',
  'inventory',
  'kernel',
  'optimizer',
  'terminal',
  'data-exchange',
  'blockchain',
  'virus',
] as const;

export type FeatureId = (typeof featureIds)[number];

/**
 * The game's features by the spec's screen words (spec §1), and which of them have landed.
 * One list so the mission panel, the server's mission checks and the menu agree on what a player
 * can do now.
 */
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

export type FeatureAvailability = Readonly<Record<FeatureId, boolean>>;

/**
 * Whether each feature is playable today. Each feature's issue flips its own line to true in the
 * change that ships its screen and server work; missions that need a feature stay out of the
 * panel's sequence until then (docs/game-rules.md §12).
 */
export const featureAvailability = {
  mainframe: true,
  chat: true,
  ping: true,
  inventory: true,
  kernel: true,
  optimizer: true,
  terminal: true,
  'data-exchange': true,
  blockchain: true,
  virus: true,
} as const satisfies FeatureAvailability;

/** Whether a feature is playable now (tests pass their own availability to see a feature land). */
export function isFeatureAvailable(id: FeatureId, availability: FeatureAvailability = featureAvailability): boolean {
  return availability[id];
}

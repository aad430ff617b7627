/** Why a player was flagged for moderators: one closed list, so a console can group and explain them. */
export const moderationReasons = [
  'payment-refunded', // a real-money purchase was refunded after it was awarded
  'payment-disputed', // a real-money purchase was disputed (a chargeback)
  'machine-like-decoding', // decode timing no human produces (ADR 052): for a look, never a penalty
] as const;

export type ModerationReason = (typeof moderationReasons)[number];

import { z } from 'zod';
import { balance } from '../balance';
import { infra } from '../infra';
import { GearType, Rarity } from '../items';
import { Count, PlainText, User } from './common';

/** spec §7: POST /api/game/tap-batch {tapCount, batchTimestamp, optional verificationToken}. */
export const TapBatchBody = z.strictObject({
  tapCount: z.int().min(1).max(balance.maxTapsPerBatch),
  batchTimestamp: Count,
  verificationToken: PlainText.max(200).optional(),
});
export type TapBatchBody = z.infer<typeof TapBatchBody>;

export const GearDropView = z.object({
  id: z.int(),
  name: z.string(),
  type: GearType,
  rarity: Rarity,
  level: z.int(),
  statValue: z.int(),
});
export type GearDropView = z.infer<typeof GearDropView>;

export const CoreDropView = z.object({ id: z.int(), name: z.string(), coreTypeName: z.string() });
export type CoreDropView = z.infer<typeof CoreDropView>;

/** spec §3 tap batch response, plus what the cap threw away so the client can say 'Inventory Full!'. */
export const TapBatchResponse = z.object({
  user: User,
  gearDrops: z.array(GearDropView),
  telnetCoreDrops: z.array(CoreDropView),
  levelsGained: z.int(),
  telnetGained: z.int(),
  lostDrops: z.int(),
  inventoryFull: z.boolean(),
});
export type TapBatchResponse = z.infer<typeof TapBatchResponse>;

/** 423 answer when the tap rate ceiling is passed (spec §7: the client ignores the challenge). */
export const TapChallenge = z.object({
  message: z.string(),
  challenge: z.object({ kind: z.literal('slow-down'), retryAfterMs: z.int() }),
});
export type TapChallenge = z.infer<typeof TapChallenge>;

/** spec §7: POST /api/game/progress {level, currentExp, maxExp, totalTaps}; the server answers its truth. */
export const ProgressBody = z.strictObject({
  level: Count,
  currentExp: Count,
  maxExp: Count,
  totalTaps: Count,
});
export type ProgressBody = z.infer<typeof ProgressBody>;
export const ProgressResponse = z.object({ user: User, accepted: z.boolean() });
export type ProgressResponse = z.infer<typeof ProgressResponse>;

/** The secure paths (spec §7): bodies and successful responses travel as {secureData}. */
export const securePaths = [
  '/api/game/tap-batch',
  '/api/game/progress',
  '/api/game/telnet-conversion',
  '/api/drone/harvest',
  '/api/optimizer/upgrade',
] as const;

export const SecureEnvelope = z.strictObject({ secureData: PlainText.min(1).max(infra.apiBodyLimitBytes) });
export type SecureEnvelope = z.infer<typeof SecureEnvelope>;

const carried = new WeakMap<z.ZodType, z.ZodType>();

/** What a secure path's envelope carries once decoded (the OpenAPI document and the tests read it); else undefined. */
export function secureAnswerOf(envelope: z.ZodType): z.ZodType | undefined {
  return carried.get(envelope);
}

/**
 * A secure path's 200 as it leaves (spec §7): `{secureData}`, the answer deflated, keyed and base64url-encoded
 * by the server after the route returns it. Typed so the route hands over the answer itself (its input) and
 * the envelope is what is written (its output), so a changed answer fails the type check here and in the client,
 * which decodes the envelope and reads the same `answer` schema.
 */
export function secureAnswer<S extends z.ZodType>(answer: S, name: string): z.ZodType<SecureEnvelope, z.input<S>> {
  const envelope = SecureEnvelope.describe(
    `Secure path: the ${name} answer travels as {secureData}, deflated, XOR-keyed and base64url-encoded (server direction).`,
  );
  carried.set(envelope, answer);
  return envelope as unknown as z.ZodType<SecureEnvelope, z.input<S>>;
}

import { z } from 'zod';
import { PlainText, RowId } from './common';

/**
 * Personal API keys (ADR 075): read-only keys a player makes for their own tools, sent as
 * `Authorization: Bearer <key>`. Creating and revoking them takes the session and CSRF token, never a key.
 */
export const apiKeyPaths = {
  list: '/api/account/api-keys',
  create: '/api/account/api-keys',
  revoke: '/api/account/api-keys/revoke',
} as const;

/** What a key may read; each names the GET routes it opens (src/core/api/api-key-scopes.ts). */
export const apiKeyScopes = ['profile', 'inventory', 'market', 'leaderboard', 'kernel', 'boss'] as const;
export const ApiKeyScope = z.enum(apiKeyScopes);
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

export const apiKeyLimits = {
  /** Keys one player may hold at once. */
  perPlayer: 5,
  nameMax: 40,
  /** Requests per key per minute, on the shared counters (ADR 075). */
  requestsPerMinute: 100,
  /** The characters of the key shown in the list, after the `bbk_` tag. */
  prefixLength: 8,
} as const;

export const CreateApiKeyBody = z.strictObject({
  name: PlainText.trim().min(1).max(apiKeyLimits.nameMax),
  scopes: z
    .array(ApiKeyScope)
    .min(1)
    .max(apiKeyScopes.length)
    .refine((s) => new Set(s).size === s.length, { message: 'Each scope once.' }),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;

export const RevokeApiKeyBody = z.strictObject({ id: RowId });
export type RevokeApiKeyBody = z.infer<typeof RevokeApiKeyBody>;

/** A key as the list shows it: never the secret, only its first characters. */
export const ApiKeySummary = z
  .object({
    id: z.int(),
    name: z.string(),
    prefix: z.string(),
    scopes: z.array(ApiKeyScope),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ description: 'A personal API key as listed: its name, scopes and first characters, never the secret.' });
export type ApiKeySummary = z.infer<typeof ApiKeySummary>;

export const ApiKeyList = z.array(ApiKeySummary).meta({ description: 'The player’s personal API keys.' });
export type ApiKeyList = z.infer<typeof ApiKeyList>;

/** The one answer that carries the whole key: it is never shown again. */
export const CreateApiKeyResponse = z.object({ key: z.string(), summary: ApiKeySummary }).meta({
  description: 'The new key in full (send it as `Authorization: Bearer <key>`): shown this once, never again.',
});
export type CreateApiKeyResponse = z.infer<typeof CreateApiKeyResponse>;

export const RevokeApiKeyResponse = z.object({ revoked: z.literal(true) });
export type RevokeApiKeyResponse = z.infer<typeof RevokeApiKeyResponse>;

import { createHash, randomBytes } from 'node:crypto';
import {
  apiKeyLimits,
  apiKeyScopes,
  type ApiKeyScope,
  type ApiKeySummary,
  type CreateApiKeyBody,
  type CreateApiKeyResponse,
} from '../../../core/api/api-keys';
import { fillText, texts } from '../../../core/texts';
import { createCounterTable } from '../../cluster/ipc-counters';
import type { Database } from '../../db/connect';
import { lockPlayers } from '../../db/lock-players';
import { HttpError } from '../../http/errors';
import type { SharedCounters } from '../../http/shared-limiter';
import type { User } from '../../../core/api/common';
import type { KeyAccess } from '../../player/auth-context';
import { scopeFor } from '../../../core/api/api-key-scopes';
import * as store from './store';

export interface ApiKeyServiceDeps {
  database: Database;
  now: () => number;
  /** The shared counters (Redis or the cluster primary); null when the process is alone. */
  counters: SharedCounters | null;
  userView: (userId: number) => Promise<User>;
}

const keyTag = 'bbk_';
const keyShape = /^bbk_[A-Za-z0-9_-]{43}$/;
const windowMs = 60_000;
const lastUsedEveryMs = 60_000;
const readMethods = new Set(['GET', 'HEAD']);

// A 256-bit random secret needs no slow hash: nobody can guess it, so SHA-256 only keeps a dump from
// being replayed (ADR 075).
const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

function summaryOf(row: store.ApiKeyRow): ApiKeySummary {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes.filter((s): s is ApiKeyScope => (apiKeyScopes as readonly string[]).includes(s)),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** Personal read-only API keys (ADR 075): made and revoked with the session, used with a Bearer header. */
export function createApiKeyService(deps: ApiKeyServiceDeps) {
  const { db } = deps.database;
  const t = texts.apiKeys;
  const localCounters = createCounterTable(deps.now);

  /** Counts the request in the key's current minute; the minute is aligned so Reset is the same everywhere. */
  async function countRequest(keyId: number): Promise<Pick<KeyAccess, 'rate' | 'exceeded'>> {
    const now = deps.now();
    const window = Math.floor(now / windowMs);
    const key = `${keyId}:${window}`;
    let used: number;
    try {
      if (!deps.counters) throw new Error('no shared counters');
      used = await deps.counters.increment('api-key', key, windowMs);
    } catch (error) {
      if (deps.counters) deps.counters.onFallback?.(error);
      used = localCounters.answer({ bb: 'count', id: 0, op: 'increment', name: 'api-key', key, windowMs });
    }
    const resetS = Math.ceil(((window + 1) * windowMs - now) / 1000);
    const limit = apiKeyLimits.requestsPerMinute;
    return { rate: { limit, remaining: Math.max(0, limit - used), resetS }, exceeded: used > limit };
  }

  return {
    async list(userId: number): Promise<ApiKeySummary[]> {
      return (await store.listOf(db, userId)).map(summaryOf);
    },

    /** Makes a key; the answer is the only time its secret leaves the server. */
    async create(userId: number, body: CreateApiKeyBody): Promise<CreateApiKeyResponse> {
      const key = keyTag + randomBytes(32).toString('base64url');
      const row = await db.transaction(async (tx) => {
        // The player's row lock makes the count and the insert one step across instances (the cap holds).
        await lockPlayers(tx, [userId]);
        if ((await store.countOf(tx, userId)) >= apiKeyLimits.perPlayer)
          throw new HttpError(409, fillText(t.tooMany, { n: apiKeyLimits.perPlayer }));
        const scopes = apiKeyScopes.filter((s) => body.scopes.includes(s));
        return store.insert(tx, {
          userId,
          name: body.name,
          prefix: key.slice(keyTag.length, keyTag.length + apiKeyLimits.prefixLength),
          secretHash: hashOf(key),
          scopes,
          createdAt: new Date(deps.now()),
        });
      });
      return { key, summary: summaryOf(row) };
    },

    async revoke(userId: number, id: number): Promise<{ revoked: true }> {
      if (!(await store.remove(db, userId, id))) throw new HttpError(404, t.notFound);
      return { revoked: true };
    },

    /**
     * The player a Bearer key reads as, or the 401/403/429 that refuses it. No cache: every request
     * looks the key up, so a revoked key is refused by every instance from the next request on.
     */
    async authenticate(key: string, method: string, routePattern: string): Promise<KeyAccess> {
      const found = keyShape.test(key) ? await store.findByHash(db, hashOf(key)) : undefined;
      if (!found || found.ownerBanned) throw new HttpError(401, t.invalid);
      if (!readMethods.has(method)) throw new HttpError(403, t.readOnly);
      const scope = scopeFor(routePattern);
      if (!scope || !found.key.scopes.includes(scope))
        throw new HttpError(403, fillText(t.outOfScope, { scopes: found.key.scopes.join(', ') }));
      const counted = await countRequest(found.key.id);
      if (counted.exceeded) return { keyId: found.key.id, user: null, ...counted };
      await store.touch(db, found.key.id, new Date(deps.now()), lastUsedEveryMs);
      return { keyId: found.key.id, user: await deps.userView(found.key.userId), ...counted };
    },

    close: () => localCounters.stop(),
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;

import { createHash, randomBytes } from 'node:crypto';
import { balance } from '../../../core/balance';
import type { Database } from '../../db/connect';
import { equippedGear } from '../../inventory';
import type { AuthContext } from '../../player/auth-context';
import { toUserView } from '../../player/user-view';
import type { PasswordHasher } from './password';
import type { AuthLimits } from './limits';
import type { AuthServiceDeps } from './service';
import type { createSessionCache } from './session-cache';
import * as store from './store';

/** What the auth actions share: built once by createAuthService and passed to each (ADR 080). */
export interface AuthContextDeps {
  deps: AuthServiceDeps;
  db: Database['db'];
  passwords: PasswordHasher;
  limits: AuthLimits;
  cache: ReturnType<typeof createSessionCache>;
  findLiveSession: ReturnType<typeof store.prepareFindLiveSession>;
  /** A hash verified against when the login ID is unknown, so a miss costs as long as a hit. */
  decoy(): Promise<string>;
}

export const sessionIdleMs = balance.sessionIdleDays * 24 * 3600_000;
const touchEveryMs = 60_000;

export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function openSession(ctx: AuthContextDeps, userId: number): Promise<{ token: string; csrfToken: string }> {
  const { deps, db } = ctx;
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(24).toString('base64url');
  await store.insertSession(db, {
    id: sessionIdOf(token),
    userId,
    csrfToken,
    // The service's clock, not the database's: expiry and sliding must agree on one time.
    createdAt: new Date(deps.now()),
    lastSeenAt: new Date(deps.now()),
    expiresAt: new Date(deps.now() + sessionIdleMs),
  });
  return { token, csrfToken };
}

/** The session behind a cookie token, or null when it is unknown, expired or its player banned. */
export async function resolveSession(ctx: AuthContextDeps, token: string): Promise<AuthContext | null> {
  const { deps, db, cache } = ctx;
  const id = sessionIdOf(token);
  const now = deps.now();
  let entry = cache.get(id, now);
  deps.onSessionLookup?.(entry !== undefined);
  if (!entry) {
    const before = cache.generation();
    const found = await ctx.findLiveSession(id, new Date(now));
    if (!found || found.user.banned) return null;
    const equipped = (await equippedGear(db, [found.user.id])).get(found.user.id)!;
    entry = {
      user: toUserView(found.user, equipped),
      csrfToken: found.session.csrfToken,
      lastSeenMs: found.session.lastSeenAt.getTime(),
      expiresMs: found.session.expiresAt.getTime(),
      cachedAtMs: now,
    };
    cache.put(id, entry, before);
  }
  const extended = now - entry.lastSeenMs > touchEveryMs;
  if (extended) {
    entry.lastSeenMs = now;
    entry.expiresMs = now + sessionIdleMs;
    await store.touchSession(db, id, new Date(now), new Date(entry.expiresMs));
  }
  return { sessionId: id, csrfToken: entry.csrfToken, user: entry.user, extended };
}

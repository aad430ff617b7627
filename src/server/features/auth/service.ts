import { createHash, randomBytes } from 'node:crypto';
import { balance } from '../../../core/balance';
import type { LoginBody, RegisterBody } from '../../../core/api/auth';
import type { User } from '../../../core/api/common';
import { LoginId, Password, Username } from '../../../core/rules/account';
import { texts } from '../../../core/texts';
import type { Database } from '../../db/connect';
import { HttpError } from '../../http/errors';
import { WindowLimiter } from '../../http/rate-limit';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password';
import * as store from './store';
import { equippedGear } from '../../inventory';
import { toUserView } from './user-view';

export interface AuthContext {
  sessionId: string;
  csrfToken: string;
  user: User;
  /** The session's expiry moved on this request, so the cookie's should too. */
  extended?: boolean;
}

export interface AuthServiceDeps {
  database: Database;
  now: () => number;
  accountsPerIp: number;
  loginAttemptsPerIp: number;
  loginAttemptsPerLoginId: number;
  /** Told after a session ends (logout) or all of a player's do (ban), so their open sockets close. */
  onSessionEnded?: (ended: { sessionId: string; reason: 'logout' } | { userId: number; reason: 'banned' }) => void;
}

const sessionIdleMs = balance.sessionIdleDays * 24 * 3600_000;
const touchEveryMs = 60_000;

function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db } = deps.database;
  const perIp = new WindowLimiter(deps.loginAttemptsPerIp, balance.loginWindowMs, deps.now);
  const perLoginId = new WindowLimiter(deps.loginAttemptsPerLoginId, balance.loginWindowMs, deps.now);
  const findLiveSession = store.prepareFindLiveSession(db);

  async function openSession(userId: number): Promise<{ token: string; csrfToken: string }> {
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

  return {
    /** spec §4/§5/§8: creates the account and signs it in. */
    async register(body: RegisterBody, ip: string) {
      if (!body.loginId || !body.username || !body.password) throw new HttpError(400, texts.registerMissingFields);
      if (!LoginId.safeParse(body.loginId).success) throw new HttpError(400, `Invalid login ID: ${texts.hintLoginId}`);
      if (!Username.safeParse(body.username).success) throw new HttpError(400, `Invalid username: ${texts.hintUsername}`);
      if (!Password.safeParse(body.password).success) throw new HttpError(400, texts.registerFailedGeneric);
      const passwordHash = await hashPassword(body.password);
      const now = deps.now();
      let row: store.UserRow;
      try {
        row = await db.transaction(async (tx) => {
          if (deps.accountsPerIp > 0) {
            await store.lockRegistrationsFromIp(tx, ip);
            if ((await store.countUsersFromIp(tx, ip)) >= deps.accountsPerIp) throw new HttpError(403, texts.multiAccount);
          }
          return store.insertUser(tx, {
            loginId: body.loginId,
            username: body.username,
            passwordHash,
            attack: balance.startingAttack,
            criticalRate: balance.startingCriticalRatePct,
            bonusCriticalHit: balance.startingBonusCriticalHitPct,
            connectionRate: balance.startingConnectionRatePct,
            itemDropRate: balance.startingItemDropRate,
            tapTokens: balance.tapBurstCapacity,
            tapTokensAt: now,
            registrationIp: ip,
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, texts.loginIdOrUsernameTaken);
        throw error;
      }
      return { user: toUserView(row, []), ...(await openSession(row.id)) };
    },

    /** spec §8: 401 for a wrong pair, 403 for a banned account, 429 past the attempt limits. */
    async login(body: LoginBody, ip: string) {
      if (!body.loginId || !body.password) throw new HttpError(400, texts.loginMissingFields);
      const loginKey = body.loginId.toLowerCase();
      const ipAllowed = perIp.hit(ip);
      const idAllowed = perLoginId.hit(loginKey);
      if (!ipAllowed || !idAllowed) throw new HttpError(429, texts.tooManyLoginAttempts);
      const row = await store.findUserByLoginId(db, body.loginId);
      const valid = await verifyPassword(row?.passwordHash ?? (await decoyPasswordHash()), body.password);
      if (!row || !valid) throw new HttpError(401, texts.invalidLogin);
      if (row.banned) throw new HttpError(403, texts.accountBanned);
      perLoginId.reset(loginKey);
      const equipped = (await equippedGear(db, [row.id])).get(row.id)!;
      return { user: toUserView(row, equipped), ...(await openSession(row.id)) };
    },

    async logout(token: string): Promise<void> {
      const sessionId = sessionIdOf(token);
      await store.deleteSession(db, sessionId);
      deps.onSessionEnded?.({ sessionId, reason: 'logout' });
    },

    /** The session behind a cookie token, or null when it is unknown, expired or its player banned. */
    async resolve(token: string): Promise<AuthContext | null> {
      const id = sessionIdOf(token);
      const now = deps.now();
      const found = await findLiveSession(id, new Date(now));
      if (!found || found.user.banned) return null;
      const extended = now - found.session.lastSeenAt.getTime() > touchEveryMs;
      if (extended) await store.touchSession(db, id, new Date(now), new Date(now + sessionIdleMs));
      // One indexed read per request: the session's user shows effective stats like every other view.
      const equipped = (await equippedGear(db, [found.user.id])).get(found.user.id)!;
      return { sessionId: id, csrfToken: found.session.csrfToken, user: toUserView(found.user, equipped), extended };
    },

    /** A player as every view shows them now (effective stats), for events after a change. */
    async view(userId: number): Promise<User> {
      const row = await store.findUserById(db, userId);
      if (!row) throw new Error(`auth: no player ${userId}`);
      return toUserView(row, (await equippedGear(db, [userId])).get(userId)!);
    },

    /** Bans a player: refused at login from now on, and every open session ends at once. */
    async ban(userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await store.setBanned(tx, userId, true);
        await store.deleteSessionsOfUser(tx, userId);
      });
      deps.onSessionEnded?.({ userId, reason: 'banned' });
    },

    async findUserByLoginId(loginId: string) {
      return store.findUserByLoginId(db, loginId);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

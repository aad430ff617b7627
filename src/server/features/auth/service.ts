import { createHash, randomBytes } from 'node:crypto';
import { balance } from '../../../core/balance';
import type { LoginBody, RegisterBody } from '../../../core/api/auth';
import type { User } from '../../../core/api/common';
import { isReservedUsername } from '../../../core/terminal/reserved-names';
import {
  isLoginId,
  isPassword,
  isVisibleUsername,
  normalizeUsername,
  usernamePattern,
  usernameSkeleton,
} from '../../../core/rules/account';
import { texts } from '../../../core/texts';
import type { Database, Executor, Tx } from '../../db/connect';
import { HttpError } from '../../http/errors';
import { WindowLimiter } from '../../http/rate-limit';
import { sharedLimiter, type SharedCounters } from '../../http/shared-limiter';
import { boundedHasher, type PasswordHasher } from './password';
import * as store from './store';
import { equippedGear } from '../../inventory';
import { toUserView } from '../../player/user-view';
import { createSessionCache } from './session-cache';
import { type Caller, changePassword, confirmPassword } from './change-password';
import { chooseUsername } from './choose-username';
import type { ChangePasswordBody, ChooseUsernameBody } from '../../../core/api/account';
import type { AuthContext } from '../../player/auth-context';

export interface AuthServiceDeps {
  database: Database;
  now: () => number;
  accountsPerIp: number;
  loginAttemptsPerIp: number;
  loginAttemptsPerLoginId: number;
  /** Registrations per client address per hour; defaults to balance.registrationsPerIp. */
  registrationsPerIp?: number;
  /** Hashes and checks passwords; defaults to argon2id, at most balance.passwordHashesAtOnce at once. */
  passwords?: PasswordHasher;
  /** Told after a session ends (logout) or all of a player's do (ban), so their open sockets close. */
  onSessionEnded?: (ended: { sessionId: string; reason: 'logout' } | { userId: number; reason: 'banned' }) => void;
  /** Login and registration counters shared by every instance (Redis) or worker (the cluster primary); null counts in this process. */
  sharedCounters?: SharedCounters | null;
  /** Told whether each session look-up was answered from memory (the operator's metric). */
  onSessionLookup?: (hit: boolean) => void;
  /** The player's view changed outside a feature's own publish (a chosen username): user.updated on the bus. */
  onUserUpdated?: (user: User) => void;
}

const sessionIdleMs = balance.sessionIdleDays * 24 * 3600_000;
const touchEveryMs = 60_000;

function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db } = deps.database;
  const limiter = (limit: number, windowMs: number) =>
    new WindowLimiter(limit, windowMs, deps.now, balance.rateLimiterMaxKeys).startSweeping();
  // docs/decisions/003: every attempt counts per address; only real password failures count per
  // (login ID, address), so an address the per-IP limit refused can never lock anybody out.
  const perIp = limiter(deps.loginAttemptsPerIp, balance.loginWindowMs);
  const failuresPerLoginAtAddress = limiter(deps.loginAttemptsPerLoginId, balance.loginWindowMs);
  const registrationsPerIp = limiter(
    deps.registrationsPerIp ?? balance.registrationsPerIp,
    balance.registrationWindowMs,
  );
  const shared = (name: string, local: WindowLimiter, limit: number, windowMs: number) =>
    sharedLimiter(name, local, limit, windowMs, deps.sharedCounters ?? null);
  const loginsPerIp = shared('login-ip', perIp, deps.loginAttemptsPerIp, balance.loginWindowMs);
  const loginFailures = shared(
    'login-failures',
    failuresPerLoginAtAddress,
    deps.loginAttemptsPerLoginId,
    balance.loginWindowMs,
  );
  const registrations = shared(
    'register-ip',
    registrationsPerIp,
    deps.registrationsPerIp ?? balance.registrationsPerIp,
    balance.registrationWindowMs,
  );
  const passwords = deps.passwords ?? boundedHasher();
  // Verified against when the login ID is unknown, so a miss costs as long as a hit.
  let decoyHash: Promise<string> | null = null;
  const decoy = () => (decoyHash ??= passwords.hash('decoy-password-0'));
  const findLiveSession = store.prepareFindLiveSession(db);

  // ADR 035: sessions read from the database are trusted for balance.sessionCacheTtlMs. Logout and
  // ban forget them here at once and on other instances through the bus (forgetSessions); a
  // revocation the bus missed is honoured within the TTL.
  const cache = createSessionCache({ ttlMs: balance.sessionCacheTtlMs, max: balance.sessionCacheMax });

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

  /**
   * Bans a player (or lifts a ban) in the caller's transaction, the player's row locked first: a ban
   * deletes every session with it. Call the answer after commit: it forgets the sessions here and closes
   * the player's sockets on every instance through the bus.
   */
  async function setBannedIn(tx: Tx, userId: number, banned: boolean): Promise<() => void> {
    await store.setBanned(tx, userId, banned);
    if (!banned) return () => {};
    await store.deleteSessionsOfUser(tx, userId);
    return () => {
      cache.forgetUsers([userId]);
      deps.onSessionEnded?.({ userId, reason: 'banned' });
    };
  }

  /** A deleted session: forgotten here, and on other instances (and its sockets closed) through the bus. */
  function endedElsewhere(sessionId: string): void {
    cache.forgetSession(sessionId);
    deps.onSessionEnded?.({ sessionId, reason: 'logout' });
  }

  return {
    /** spec §4/§5/§8: creates the account and signs it in. */
    async register(body: RegisterBody, ip: string) {
      if (!body.loginId || !body.username || !body.password) throw new HttpError(400, texts.registerMissingFields);
      if (!isLoginId(body.loginId)) throw new HttpError(400, `Invalid login ID: ${texts.hintLoginId}`);
      const username = normalizeUsername(body.username);
      if (!usernamePattern.test(username)) throw new HttpError(400, `Invalid username: ${texts.hintUsername}`);
      if (!isVisibleUsername(username)) throw new HttpError(400, texts.usernameInvisible);
      if (isReservedUsername(username)) throw new HttpError(400, texts.usernameReserved);
      if (!isPassword(body.password)) throw new HttpError(400, texts.registerFailedGeneric);
      // Every refusal comes before the hash: argon2 costs ~19 MiB and tens of ms per call.
      if (!(await registrations.hit(ip))) throw new HttpError(429, texts.tooManyRegistrations);
      if (deps.accountsPerIp > 0 && (await store.countUsersFromIp(db, ip)) >= deps.accountsPerIp)
        throw new HttpError(403, texts.multiAccount);
      const skeleton = usernameSkeleton(username);
      // The unique indexes still decide a race; this only spares the hash for a name plainly taken.
      if (await store.isNameTaken(db, body.loginId, username, skeleton, new Date(deps.now())))
        throw new HttpError(409, texts.loginIdOrUsernameTaken);
      const passwordHash = await passwords.hash(body.password);
      const now = deps.now();
      let row: store.UserRow;
      try {
        row = await db.transaction(async (tx) => {
          if (deps.accountsPerIp > 0) {
            await store.lockRegistrationsFromIp(tx, ip);
            if ((await store.countUsersFromIp(tx, ip)) >= deps.accountsPerIp)
              throw new HttpError(403, texts.multiAccount);
          }
          return store.insertUser(tx, {
            loginId: body.loginId,
            username,
            usernameSkeleton: skeleton,
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
        if (store.isUniqueViolation(error)) throw new HttpError(409, texts.loginIdOrUsernameTaken);
        throw error;
      }
      return { user: toUserView(row, []), ...(await openSession(row.id)) };
    },

    /** spec §8: 401 for a wrong pair, 403 for a banned account, 429 past the attempt limits. */
    async login(body: LoginBody, ip: string) {
      if (!body.loginId || !body.password) throw new HttpError(400, texts.loginMissingFields);
      // The per-IP limit first, and nothing else is counted or stored for a refused address.
      if (!(await loginsPerIp.hit(ip))) throw new HttpError(429, texts.tooManyLoginAttempts);
      const failureKey = `${body.loginId.toLowerCase()}\u0000${ip}`;
      if (await loginFailures.isExhausted(failureKey)) throw new HttpError(429, texts.tooManyLoginAttempts);
      const row = await store.findUserByLoginId(db, body.loginId);
      const valid = await passwords.verify(row?.passwordHash ?? (await decoy()), body.password);
      // A deleted account (ADR 057) answers as an unknown login ID, never as a banned one.
      if (!row || !valid || row.deletedAt) {
        await loginFailures.hit(failureKey);
        throw new HttpError(401, texts.invalidLogin);
      }
      if (row.banned) throw new HttpError(403, texts.accountBanned);
      await loginFailures.reset(failureKey);
      const equipped = (await equippedGear(db, [row.id])).get(row.id)!;
      return { user: toUserView(row, equipped), ...(await openSession(row.id)) };
    },

    async logout(token: string): Promise<void> {
      const sessionId = sessionIdOf(token);
      cache.forgetSession(sessionId);
      await store.deleteSession(db, sessionId);
      endedElsewhere(sessionId);
    },

    /** A renamed player's new name (ADR 060); every instance's cache and the player's tabs get the new view. */
    async chooseUsername(userId: number, body: ChooseUsernameBody): Promise<User> {
      const user = await chooseUsername(
        { database: deps.database, now: deps.now, view: (id) => this.view(id) },
        userId,
        body,
      );
      cache.userChanged(user);
      deps.onUserUpdated?.(user);
      return user;
    },

    /** Settings' CHANGE PASSWORD; the other sessions end like a logout each (cache, then bus). */
    changePassword: (caller: Caller, body: ChangePasswordBody) =>
      changePassword(
        { database: deps.database, passwords, loginFailures, sessionsEnded: (ids) => ids.forEach(endedElsewhere) },
        caller,
        body,
      ),

    /** The signed-in player's own password, checked and counted as a login attempt (DELETE ACCOUNT). */
    confirmPassword: (caller: Caller, password: string, wrong: string) =>
      confirmPassword({ database: deps.database, passwords, loginFailures }, caller, password, wrong),

    /**
     * Retires a deleted account's row in the caller's transaction (ADR 057), which holds the player's
     * lock: anonymised, its username's skeleton reserved until `reservedUntil`, every session ended.
     * Returns what to run after the commit: the sessions forgotten here and closed on every instance.
     */
    async retireAccount(
      tx: Executor,
      r: { userId: number; skeleton: string; at: Date; reservedUntil: Date },
    ): Promise<() => void> {
      await store.reserveSkeleton(tx, { skeleton: r.skeleton, until: r.reservedUntil, reason: 'account-deleted' });
      await store.anonymiseUser(tx, r.userId, r.at);
      const ended = await store.deleteAllSessions(tx, r.userId);
      return () => {
        cache.forgetUsers([r.userId]);
        ended.forEach(endedElsewhere);
      };
    },

    /** Deletes up to `limit` username reservations that ended before `at` (housekeeping, ADR 048). */
    pruneUsernameReservations: (at: Date, limit: number) => store.deleteEndedReservations(db, at, limit),

    /**
     * Deletes up to `limit` sessions that expired before `at`: a housekeeping task of the jobs runner
     * (ADR 048). An expired session is refused already; this only keeps the table from growing.
     */
    pruneExpiredSessions: (at: Date, limit: number) => store.deleteExpiredSessions(db, at, limit),

    /** The session behind a cookie token, or null when it is unknown, expired or its player banned. */
    async resolve(token: string): Promise<AuthContext | null> {
      const id = sessionIdOf(token);
      const now = deps.now();
      let entry = cache.get(id, now);
      deps.onSessionLookup?.(entry !== undefined);
      if (!entry) {
        const before = cache.generation();
        const found = await findLiveSession(id, new Date(now));
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
    },

    /**
     * Drops cached sessions another instance ended (session.ended on the bus), or all of them when
     * the bus was interrupted and an end may have been missed.
     */
    forgetSessions(which: { sessionId: string } | { userIds: number[] } | 'all'): void {
      if (which === 'all') cache.forgetAll();
      else if ('sessionId' in which) cache.forgetSession(which.sessionId);
      else cache.forgetUsers(which.userIds);
    },

    /** A player's stats changed (user.updated on the bus): their cached sessions show the new ones. */
    userChanged: (user: User) => cache.userChanged(user),

    /** Sessions this instance holds in memory (tests). */
    cachedSessions: () => cache.size(),

    /** A player as every view shows them now (effective stats), for events after a change. */
    async view(userId: number): Promise<User> {
      const row = await store.findUserById(db, userId);
      if (!row) throw new Error(`auth: no player ${userId}`);
      return toUserView(row, (await equippedGear(db, [userId])).get(userId)!);
    },

    /** Bans a player: refused at login from now on, and every open session ends at once. */
    async ban(userId: number): Promise<void> {
      const after = await db.transaction((tx) => setBannedIn(tx, userId, true));
      after();
    },

    setBannedIn,

    /** A player's open sessions: how many and when one was last used (the console's player view; never tokens). */
    sessionsOf: (userId: number) => store.sessionsSummary(db, userId, new Date(deps.now())),

    async findUserByLoginId(loginId: string) {
      return store.findUserByLoginId(db, loginId);
    },

    /**
     * Gives accounts made before migration 0003 their skeleton (run at start-up). Where two old
     * names share one, the later account keeps its name and gets `skeleton#id`, so nothing breaks;
     * new look-alikes of either are refused from now on.
     */
    async backfillUsernameSkeletons(): Promise<number> {
      let done = 0;
      for (;;) {
        const batch = await store.usersWithoutSkeleton(db, 500);
        if (batch.length === 0) return done;
        for (const row of batch) {
          const skeleton = usernameSkeleton(row.username);
          if (!(await store.trySetSkeleton(db, row.id, skeleton)))
            await store.trySetSkeleton(db, row.id, `${skeleton}#${row.id}`);
          done += 1;
        }
      }
    },

    /** The in-memory limiters (without Redis they decide; tests read their sizes and sweep counts). */
    rateLimits: { perIp, failuresPerLoginAtAddress, registrationsPerIp },

    /** Stops the limiters' sweep timers. */
    close(): void {
      for (const l of [perIp, failuresPerLoginAtAddress, registrationsPerIp]) l.stop();
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

import { infra } from '../../../core/infra';
import type { LoginBody, RegisterBody } from '../../../core/api/auth';
import type { User } from '../../../core/api/common';
import { usernameSkeleton } from '../../../core/rules/account';
import type { Database, Executor, Tx } from '../../db/connect';
import { runTransaction, type AfterCommit } from '../../idempotency';
import type { SharedCounters } from '../../http/shared-limiter';
import { boundedHasher, type PasswordHasher } from './password';
import * as store from './store';
import { equippedGear } from '../../inventory';
import { toUserView } from '../../player/user-view';
import { createSessionCache } from './session-cache';
import { type Caller, changePassword, confirmPassword } from './change-password';
import { chooseUsername } from './choose-username';
import type { ChangePasswordBody, ChooseUsernameBody } from '../../../core/api/account';
import type { AuthContext } from '../../player/auth-context';
import { createAuthLimits } from './limits';
import { login } from './login';
import { register } from './register';
import { resolveSession, sessionIdOf, type AuthContextDeps } from './sessions';

export interface AuthServiceDeps {
  database: Database;
  now: () => number;
  accountsPerIp: number;
  loginAttemptsPerIp: number;
  loginAttemptsPerLoginId: number;
  /** Registrations per client address per hour; defaults to infra.registrationsPerIp. */
  registrationsPerIp?: number;
  /** Hashes and checks passwords; defaults to argon2id, at most infra.passwordHashesAtOnce at once. */
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

export function createAuthService(deps: AuthServiceDeps) {
  const { db } = deps.database;
  const limits = createAuthLimits(deps);
  const { perIp, failuresPerLoginAtAddress, registrationsPerIp, loginFailures } = limits;
  const passwords = deps.passwords ?? boundedHasher();
  // Verified against when the login ID is unknown, so a miss costs as long as a hit.
  let decoyHash: Promise<string> | null = null;
  const decoy = () => (decoyHash ??= passwords.hash('decoy-password-0'));
  const findLiveSession = store.prepareFindLiveSession(db);

  // ADR 035: sessions read from the database are trusted for infra.sessionCacheTtlMs. Logout and
  // ban forget them here at once and on other instances through the bus (forgetSessions); a
  // revocation the bus missed is honoured within the TTL.
  const cache = createSessionCache({ ttlMs: infra.sessionCacheTtlMs, max: infra.sessionCacheMax });
  const ctx: AuthContextDeps = { deps, db, passwords, limits, cache, findLiveSession, decoy };

  /** Many players' views in two reads (a batch of background steps tells each of its players); a player gone is absent. */
  async function views(userIds: number[]): Promise<Map<number, User>> {
    const ids = [...new Set(userIds)];
    const [rows, equipped] = await Promise.all([store.findUsersByIds(db, ids), equippedGear(db, ids)]);
    return new Map(rows.map((row) => [row.id, toUserView(row, equipped.get(row.id)!)]));
  }

  /**
   * Bans a player (or lifts a ban) in the caller's transaction, the player's row locked first: a ban
   * deletes every session with it. Call the answer after commit: it forgets the sessions here and closes
   * the player's sockets on every instance through the bus.
   */
  async function setBannedIn(tx: Tx, userId: number, banned: boolean, afterCommit: AfterCommit): Promise<void> {
    await store.setBanned(tx, userId, banned);
    if (!banned) return;
    await store.deleteSessionsOfUser(tx, userId);
    afterCommit(() => {
      cache.forgetUsers([userId]);
      deps.onSessionEnded?.({ userId, reason: 'banned' });
    });
  }

  /** A deleted session: forgotten here, and on other instances (and its sockets closed) through the bus. */
  function endedElsewhere(sessionId: string): void {
    cache.forgetSession(sessionId);
    deps.onSessionEnded?.({ sessionId, reason: 'logout' });
  }

  return {
    /** spec §4/§5/§8: creates the account and signs it in. */
    register: (body: RegisterBody, ip: string) => register(ctx, body, ip),

    /** spec §8: 401 for a wrong pair, 403 for a banned account, 429 past the attempt limits. */
    login: (body: LoginBody, ip: string) => login(ctx, body, ip),

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
     * After the commit the sessions are forgotten here and closed on every instance (`afterCommit`, ADR 079).
     */
    async retireAccount(
      tx: Executor,
      r: { userId: number; skeleton: string; at: Date; reservedUntil: Date },
      afterCommit: AfterCommit,
    ): Promise<void> {
      await store.reserveSkeleton(tx, { skeleton: r.skeleton, until: r.reservedUntil, reason: 'account-deleted' });
      await store.anonymiseUser(tx, r.userId, r.at);
      const ended = await store.deleteAllSessions(tx, r.userId);
      afterCommit(() => {
        cache.forgetUsers([r.userId]);
        ended.forEach(endedElsewhere);
      });
    },

    /** Deletes up to `limit` username reservations that ended before `at` (housekeeping, ADR 048). */
    pruneUsernameReservations: (at: Date, limit: number) => store.deleteEndedReservations(db, at, limit),

    /**
     * Deletes up to `limit` sessions that expired before `at`: a housekeeping task of the jobs runner
     * (ADR 048). An expired session is refused already; this only keeps the table from growing.
     */
    pruneExpiredSessions: (at: Date, limit: number) => store.deleteExpiredSessions(db, at, limit),

    /** The session behind a cookie token, or null when it is unknown, expired or its player banned. */
    resolve: (token: string): Promise<AuthContext | null> => resolveSession(ctx, token),

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
      const view = (await views([userId])).get(userId);
      if (!view) throw new Error(`auth: no player ${userId}`);
      return view;
    },

    views,

    /** Bans a player: refused at login from now on, and every open session ends at once. */
    async ban(userId: number): Promise<void> {
      await runTransaction({ db }, (tx, afterCommit) => setBannedIn(tx, userId, true, afterCommit));
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

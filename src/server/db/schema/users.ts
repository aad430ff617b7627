import { sql } from 'drizzle-orm';
import { roles } from '../../../core/api/admin';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    loginId: text('login_id').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    level: integer('level').notNull().default(1),
    currentExp: bigint('current_exp', { mode: 'number' }).notNull().default(0),
    totalTaps: bigint('total_taps', { mode: 'number' }).notNull().default(0),
    telnet: bigint('telnet', { mode: 'number' }).notNull().default(0),
    /** Hundredths of a Telnet earned by decoding but not yet a whole Telnet. */
    telnetCents: integer('telnet_cents').notNull().default(0),
    attack: integer('attack').notNull(),
    criticalRate: doublePrecision('critical_rate').notNull(),
    bonusCriticalHit: doublePrecision('bonus_critical_hit').notNull(),
    connectionRate: doublePrecision('connection_rate').notNull(),
    itemDropRate: doublePrecision('item_drop_rate').notNull(),
    /** Tap-rate token bucket: decodes available and when it was last refilled (ms since epoch). */
    tapTokens: doublePrecision('tap_tokens').notNull(),
    tapTokensAt: bigint('tap_tokens_at', { mode: 'number' }).notNull(),
    /** The daily decode budget (ADR 052): the UTC day counted (days since the epoch) and its decodes so far. */
    decodeDay: integer('decode_day').notNull().default(0),
    decodesToday: integer('decodes_today').notNull().default(0),
    /** Running decode timing for the machine-like flag (ADR 052, `src/core/rules/decode-timing.ts`); null before the first batch. */
    decodeTiming: jsonb('decode_timing'),
    banned: boolean('banned').notNull().default(false),
    /** Who may open the moderator console (ADR 058); set only by `npm run role` or an admin, and audited. */
    role: text('role', { enum: roles }).notNull().default('player'),
    /** Chat and Ping sends are refused until then (a moderator's mute, ADR 059); null or past: not muted. */
    mutedUntil: timestamp('muted_until', { withTimezone: true }),
    registrationIp: text('registration_ip').notNull(),
    /** The username's look-alike skeleton (src/core/rules/account.ts): one account per skeleton. */
    usernameSkeleton: text('username_skeleton'),
    /** A moderator renamed the player (ADR 060): they choose a new username before playing on. */
    renameRequired: boolean('rename_required').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set once when the player deletes the account (ADR 057): the row stays, anonymised, for the ledger's sums. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_login_id_lower').on(sql`lower(${t.loginId})`),
    uniqueIndex('users_username_lower').on(sql`lower(${t.username})`),
    uniqueIndex('users_username_skeleton').on(t.usernameSkeleton),
    // The leaderboard's two orders, each served by an index scan (spec §2, top 30); NULLS FIRST
    // matches what ORDER BY ... DESC means, or the planner cannot use them.
    index('users_by_level').on(t.level.desc().nullsFirst(), t.currentExp.desc().nullsFirst(), t.id),
    index('users_by_total_taps').on(t.totalTaps.desc().nullsFirst(), t.id),
    index('users_registration_ip').on(t.registrationIp),
    // The wallet's conditional debit keeps balances whole; this refuses any other path that would not.
    check('users_telnet_not_negative', sql`${t.telnet} >= 0`),
    check('users_role_known', sql`${t.role} IN ('player', 'moderator', 'admin')`),
  ],
);

/**
 * Usernames a moderator's rename retired (ADR 060), by look-alike skeleton: nobody registers or chooses
 * them (nor a look-alike) again.
 */
export const reservedUsernames = pgTable('reserved_usernames', {
  skeleton: text('skeleton').primaryKey(),
  username: text('username').notNull(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  reservedAt: timestamp('reserved_at', { withTimezone: true }).notNull(),
});

/**
 * Usernames nobody may register until reserved_until (ADR 057): a deleted account's name, by its
 * look-alike skeleton, so nobody can pose as the player who just left. Expired rows are pruned by
 * housekeeping; registration ignores them before that.
 */
export const usernameReservations = pgTable(
  'username_reservations',
  {
    skeleton: text('skeleton').primaryKey(),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }).notNull(),
    /** Why it is held, e.g. 'account-deleted'. */
    reason: text('reason').notNull(),
  },
  (t) => [index('username_reservations_until').on(t.reservedUntil)],
);

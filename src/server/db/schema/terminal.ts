import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

// The Terminal's file systems (docs/game-rules.md §18, ADR 026). A path in the database is
// always in fs-path.ts's normal form; the CHECKs refuse anything else, so no bug can store '..'.
const normalDirPath = `'^(/[A-Za-z0-9_-]{1,24}){1,8}$'`;
const normalAnyPath = `'^(/|(/[A-Za-z0-9_-]{1,24}){1,8})$'`;

/** One row per player who has a file system (made on their first ssh, or as a target): where the Token is, extras, cooldowns. */
export const fileSystems = pgTable(
  'file_systems',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The directory holding the Token ('/' at first). */
    tokenDir: text('token_dir').notNull().default('/'),
    extraDirectories: integer('extra_directories').notNull().default(0),
    /** spec §6 targetIsDeveloper: the built-in developer account's box. */
    isDeveloper: boolean('is_developer').notNull().default(false),
    /** spec §9: after a forced exit the attacker cannot ssh into others until then. */
    sshCooldownUntil: timestamp('ssh_cooldown_until', { withTimezone: true }),
    /** After being hacked nobody can hack this player until then (the cooldown's victim side). */
    hackedShieldUntil: timestamp('hacked_shield_until', { withTimezone: true }),
    /** Mission evidence: the real actions, as the server saw them. */
    sshedSelfAt: timestamp('sshed_self_at', { withTimezone: true }),
    createdDirectoryAt: timestamp('created_directory_at', { withTimezone: true }),
    movedTokenAt: timestamp('moved_token_at', { withTimezone: true }),
    hackedDeveloperAt: timestamp('hacked_developer_at', { withTimezone: true }),
  },
  (t) => [
    check('file_systems_token_dir_normal', sql`${t.tokenDir} ~ ${sql.raw(normalAnyPath)}`),
    check('file_systems_extras_range', sql`${t.extraDirectories} BETWEEN 0 AND 5`),
  ],
);

/** A player's directories; the root '/' is implicit. A child's parent exists (the service creates in order, rm refuses non-empty). */
export const fsDirectories = pgTable(
  'fs_directories',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => fileSystems.userId, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('fs_directories_user_path').on(t.userId, t.path),
    check('fs_directories_path_normal', sql`${t.path} ~ ${sql.raw(normalDirPath)}`),
  ],
);

/** An ssh intrusion (spec §4): 60 s on the server's clock, ended by a hack, an exit or the jobs runner at its limit. */
export const intrusions = pgTable(
  'intrusions',
  {
    id: serial('id').primaryKey(),
    attackerId: integer('attacker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    victimId: integer('victim_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    outcome: text('outcome', { enum: ['active', 'hacked', 'expired', 'exited'] })
      .notNull()
      .default('active'),
    /**
     * Whether the victim was told (terminal.intrusionStarted): one alert per attacker per
     * balance.intrusionAlertWindowMinutes, so a returning attacker does not flood the victim (ADR 049).
     */
    victimAlerted: boolean('victim_alerted').notNull().default(true),
  },
  (t) => [
    // One open intrusion per attacker: a second ssh closes the first in the same transaction.
    uniqueIndex('intrusions_one_active')
      .on(t.attackerId)
      .where(sql`${t.outcome} = 'active'`),
    index('intrusions_victim').on(t.victimId, t.startedAt),
    // The per-(attacker, victim) cooldown and alert window read the pair's newest rows (ADR 049).
    index('intrusions_pair').on(t.attackerId, t.victimId, t.startedAt),
    check('intrusions_two_players', sql`${t.attackerId} <> ${t.victimId}`),
    check('intrusions_outcome', sql`${t.outcome} IN ('active', 'hacked', 'expired', 'exited')`),
    check('intrusions_ended', sql`(${t.outcome} = 'active') = (${t.endedAt} IS NULL)`),
  ],
);

/** spec §3 attack history: a successful hack, one per intrusion. */
export const attacks = pgTable(
  'attacks',
  {
    id: serial('id').primaryKey(),
    intrusionId: integer('intrusion_id')
      .notNull()
      .references(() => intrusions.id, { onDelete: 'cascade' }),
    attackerId: integer('attacker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    victimId: integer('victim_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    telnetStolen: bigint('telnet_stolen', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('attacks_one_per_intrusion').on(t.intrusionId),
    index('attacks_pair').on(t.attackerId, t.victimId, t.createdAt),
    index('attacks_victim').on(t.victimId, t.createdAt),
    check('attacks_stolen_not_negative', sql`${t.telnetStolen} >= 0`),
  ],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Blockchain bosses (spec §3, docs/game-rules.md §19). One row per boss; at most one is
 * active (partial unique index). The code never leaves the server (ADR 029). code_version moves by
 * one on each crack, and a crack is one conditional UPDATE on (id, code_version), so two players
 * cannot crack one code twice. previous_code is the code just cracked: a late copy of it is answered
 * 'already cracked' and costs nothing.
 */
export const blockchainBosses = pgTable(
  'blockchain_bosses',
  {
    id: serial('id').primaryKey(),
    level: integer('level').notNull(),
    integrity: integer('integrity').notNull(),
    maxIntegrity: integer('max_integrity').notNull(),
    codeLength: integer('code_length').notNull(),
    code: text('code').notNull(),
    previousCode: text('previous_code'),
    codeVersion: integer('code_version').notNull().default(1),
    status: text('status', { enum: ['active', 'defeated'] })
      .notNull()
      .default('active'),
    spawnedAt: timestamp('spawned_at', { withTimezone: true }).notNull(),
    defeatedAt: timestamp('defeated_at', { withTimezone: true }),
    nextSpawnAt: timestamp('next_spawn_at', { withTimezone: true }),
    lastHitterId: integer('last_hitter_id').references(() => users.id, { onDelete: 'set null' }),
    lastHitterUsername: text('last_hitter_username'),
    lastHitterBlacklisted: boolean('last_hitter_blacklisted').notNull().default(false),
    lastHitterReward: integer('last_hitter_reward').notNull().default(0),
    mostDamageId: integer('most_damage_id').references(() => users.id, { onDelete: 'set null' }),
    mostDamageUsername: text('most_damage_username'),
    mostDamageBlacklisted: boolean('most_damage_blacklisted').notNull().default(false),
    mostDamageReward: integer('most_damage_reward').notNull().default(0),
    mostDamageAmount: integer('most_damage_amount').notNull().default(0),
  },
  (t) => [
    uniqueIndex('blockchain_one_active')
      .on(t.status)
      .where(sql`${t.status} = 'active'`),
    index('blockchain_bosses_defeated').on(t.defeatedAt),
    check('blockchain_integrity_range', sql`${t.integrity} >= 0 AND ${t.integrity} <= ${t.maxIntegrity}`),
    check('blockchain_defeated_at_zero', sql`(${t.status} = 'defeated') = (${t.integrity} = 0)`),
    check('blockchain_code_digits', sql`${t.code} ~ '^[0-9]+$' AND length(${t.code}) = ${t.codeLength}`),
    check('blockchain_level_positive', sql`${t.level} >= 1`),
  ],
);

/** One row per crack: who dealt how much to which code. UNIQUE (boss, code version): a code is cracked once. */
export const blockchainHits = pgTable(
  'blockchain_hits',
  {
    id: serial('id').primaryKey(),
    bossId: integer('boss_id')
      .notNull()
      .references(() => blockchainBosses.id, { onDelete: 'cascade' }),
    codeVersion: integer('code_version').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    damage: integer('damage').notNull(),
    isCritical: boolean('is_critical').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('blockchain_hits_one_per_code').on(t.bossId, t.codeVersion),
    check('blockchain_hits_damage_positive', sql`${t.damage} > 0`),
  ],
);

/** Every accepted guess (RECENT ATTEMPTS, the attack_blockchain mission). */
export const blockchainAttempts = pgTable(
  'blockchain_attempts',
  {
    id: serial('id').primaryKey(),
    bossId: integer('boss_id')
      .notNull()
      .references(() => blockchainBosses.id, { onDelete: 'cascade' }),
    codeVersion: integer('code_version').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    guess: text('guess').notNull(),
    correctPosition: integer('correct_position').notNull(),
    wrongPosition: integer('wrong_position').notNull(),
    expLost: integer('exp_lost').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('blockchain_attempts_by_code').on(t.bossId, t.codeVersion, t.id),
    index('blockchain_attempts_by_user').on(t.userId),
  ],
);

/** Per player: when their last guess was accepted (ms), for the server's 500 ms window (spec §4/§9). */
export const blockchainGuessers = pgTable(
  'blockchain_guessers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastGuessAtMs: bigint('last_guess_at_ms', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId] })],
);

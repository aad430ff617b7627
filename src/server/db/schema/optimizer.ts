import { sql } from 'drizzle-orm';
import { check, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A player's Optimizer (spec §3/§4, docs/game-rules.md §16): its level and the upgrade running now.
 * A row exists once a player first starts an upgrade; no row reads as level 0, idle. The running
 * upgrade is its end time in the database; the jobs runner collects it at that time (ADR 020).
 */
export const optimizerStates = pgTable(
  'optimizer_states',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    level: integer('level').notNull().default(0),
    /** When the running upgrade ends; null while idle. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** What the running upgrade cost (kept for the record; the ledger row holds the same). */
    paidTelnet: integer('paid_telnet'),
  },
  (t) => [
    check('optimizer_level_range', sql`${t.level} BETWEEN 0 AND 80`),
    // Running means both times and the price are known; idle means none is.
    check(
      'optimizer_running_whole',
      sql`(${t.endsAt} IS NULL) = (${t.startedAt} IS NULL) AND (${t.endsAt} IS NULL) = (${t.paidTelnet} IS NULL)`,
    ),
    // No upgrade can run at the max level.
    check('optimizer_no_upgrade_at_max', sql`${t.endsAt} IS NULL OR ${t.level} < 80`),
  ],
);

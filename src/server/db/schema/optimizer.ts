import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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

/**
 * Drone runs (spec §1, ADR 021): Telnet bought auto-clicks that the jobs runner decodes in ten 30 s
 * steps. status goes active → finished (all steps ran) → harvested (the dialog was handed out once).
 */
export const droneRuns = pgTable(
  'drone_runs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['active', 'finished', 'harvested'] })
      .notNull()
      .default('active'),
    clicksTotal: integer('clicks_total').notNull(),
    /** Auto-clicks per step, in order (planDroneRun). */
    clicksPerStep: jsonb('clicks_per_step').$type<number[]>().notNull(),
    stepsDone: integer('steps_done').notNull().default(0),
    clicksDone: integer('clicks_done').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    nextStepAt: timestamp('next_step_at', { withTimezone: true }),
    levelBefore: integer('level_before').notNull(),
    newLevel: integer('new_level').notNull(),
    experience: bigint('experience', { mode: 'number' }).notNull().default(0),
    telnetEarned: integer('telnet_earned').notNull().default(0),
    lostDrops: integer('lost_drops').notNull().default(0),
    /** The harvest's items as the dialog shows them (ids of the stored gear and cores). */
    gear: jsonb('gear')
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    cores: jsonb('cores')
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    harvestedAt: timestamp('harvested_at', { withTimezone: true }),
  },
  (t) => [
    // One active run per player: a second purchase while one runs is refused (ADR 021).
    uniqueIndex('drone_one_active_run')
      .on(t.userId)
      .where(sql`${t.status} = 'active'`),
    index('drone_unharvested')
      .on(t.userId, t.id)
      .where(sql`${t.status} = 'finished'`),
    check('drone_status', sql`${t.status} IN ('active', 'finished', 'harvested')`),
    check(
      'drone_clicks_range',
      sql`${t.clicksTotal} BETWEEN 1 AND 250 AND ${t.clicksDone} BETWEEN 0 AND ${t.clicksTotal}`,
    ),
    check('drone_steps_range', sql`${t.stepsDone} BETWEEN 0 AND 10`),
    check('drone_active_has_next', sql`(${t.status} = 'active') = (${t.nextStepAt} IS NOT NULL)`),
  ],
);

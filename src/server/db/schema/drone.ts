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

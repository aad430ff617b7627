import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { escrows } from './escrows';
import { users } from './users';
import { gearTypes, rarities } from '../../../core/items';

// Every item has exactly one holder: a player (user_id) or an escrow (escrow_id), never both,
// never none. Only src/server/inventory writes these two columns.

export const gear = pgTable(
  'gear',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    escrowId: integer('escrow_id').references(() => escrows.id, { onDelete: 'cascade' }),
    type: text('type', { enum: gearTypes }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    rarity: text('rarity', { enum: rarities }).notNull(),
    level: integer('level').notNull(),
    statValue: integer('stat_value').notNull(),
    isEquipped: boolean('is_equipped').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('gear_user_id').on(t.userId),
    index('gear_escrow_id').on(t.escrowId),
    check('gear_one_holder', sql`(${t.userId} IS NULL) <> (${t.escrowId} IS NULL)`),
    check('gear_escrowed_not_equipped', sql`${t.escrowId} IS NULL OR NOT ${t.isEquipped}`),
  ],
);

export const telnetCoreTypes = pgTable('telnet_core_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const telnetCores = pgTable(
  'telnet_cores',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    escrowId: integer('escrow_id').references(() => escrows.id, { onDelete: 'cascade' }),
    coreTypeId: integer('core_type_id')
      .notNull()
      .references(() => telnetCoreTypes.id),
    isOpened: boolean('is_opened').notNull().default(false),
    isUsed: boolean('is_used').notNull().default(false),
    telnetRewarded: integer('telnet_rewarded'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('telnet_cores_user_id').on(t.userId),
    index('telnet_cores_escrow_id').on(t.escrowId),
    check('telnet_cores_one_holder', sql`(${t.userId} IS NULL) <> (${t.escrowId} IS NULL)`),
    check('telnet_cores_escrowed_not_used', sql`${t.escrowId} IS NULL OR NOT ${t.isUsed}`),
  ],
);

import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';
import { gearTypes, rarities } from '../../../core/items';

export const gear = pgTable(
  'gear',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: gearTypes }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    rarity: text('rarity', { enum: rarities }).notNull(),
    level: integer('level').notNull(),
    statValue: integer('stat_value').notNull(),
    isEquipped: boolean('is_equipped').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('gear_user_id').on(t.userId)],
);

export const telnetCoreTypes = pgTable('telnet_core_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const telnetCores = pgTable(
  'telnet_cores',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    coreTypeId: integer('core_type_id').notNull().references(() => telnetCoreTypes.id),
    isOpened: boolean('is_opened').notNull().default(false),
    isUsed: boolean('is_used').notNull().default(false),
    telnetRewarded: integer('telnet_rewarded'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('telnet_cores_user_id').on(t.userId)],
);

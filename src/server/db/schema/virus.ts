import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Virus purchases (ADR 033). A row is written when a purchase starts (before the provider
 * is called), so the daily limit and cooldown are decided under the player's lock; the provider's
 * PaymentIntent id is unique, so one payment can fulfil one purchase only, and status moves from
 * 'started' to fulfilled exactly once by a conditional update.
 */
export const virusPurchases = pgTable(
  'virus_purchases',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Idempotency-Key of the click that started it: a retried click finds this row, not a new payment. */
    idempotencyKey: text('idempotency_key').notNull(),
    paymentIntentId: text('payment_intent_id'),
    clientSecret: text('client_secret'),
    trojanCount: integer('trojan_count').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['started', 'fulfilled', 'owed', 'failed', 'refunded', 'disputed'] })
      .notNull()
      .default('started'),
    /** The cores this purchase awarded, by id and type name (the history shows them; a refund takes back the unopened ones). */
    cores: jsonb('cores')
      .$type<{ id: number; type: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    coresRevoked: integer('cores_revoked').notNull().default(0),
    /** Telnet the reversal took back through the wallet (what the purchase's opened and sold cores brought, ADR 046). */
    telnetTakenBack: integer('telnet_taken_back').notNull().default(0),
    /** What the reversal could not take because the balance was spent: the player owes it (ADR 046). */
    telnetOwed: integer('telnet_owed').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    /** Set when the server itself refunded the payment because it came past the day's limit (ADR 046). */
    refusedOverLimitAt: timestamp('refused_over_limit_at', { withTimezone: true }),
  },
  (t) => [
    unique('virus_purchase_intent').on(t.paymentIntentId),
    unique('virus_purchase_click').on(t.userId, t.idempotencyKey),
    index('virus_purchase_user_created').on(t.userId, t.createdAt.desc()),
    check('virus_trojan_count', sql`${t.trojanCount} IN (1, 10)`),
    check('virus_amount', sql`${t.amountCents} > 0`),
    check('virus_status', sql`${t.status} IN ('started', 'fulfilled', 'owed', 'failed', 'refunded', 'disputed')`),
    check('virus_revoked', sql`${t.coresRevoked} >= 0 AND ${t.coresRevoked} <= ${t.trojanCount}`),
    check('virus_taken_back', sql`${t.telnetTakenBack} >= 0 AND ${t.telnetOwed} >= 0`),
  ],
);

/**
 * PAYMENTS=test only (ADR 046): the test provider's intents, in the database so every worker and
 * instance sees the same ones. Shaped like the few PaymentIntent fields the service reads.
 */
export const virusTestIntents = pgTable('virus_test_intents', {
  id: text('id').primaryKey(),
  /** The provider idempotency key (the purchase): a retried click gets the same intent. */
  idempotencyKey: text('idempotency_key').notNull().unique(),
  status: text('status', { enum: ['requires_payment_method', 'succeeded', 'canceled'] }).notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  clientSecret: text('client_secret').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  refunded: boolean('refunded').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

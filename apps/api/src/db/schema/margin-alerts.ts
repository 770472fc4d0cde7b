import { bigserial, boolean, index, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { advances } from './advances';

/**
 * Every change of an advance's alert stage (clear, warning, call) as the NAV checks saw it, with the
 * loan-to-value then: the record of what the customer was told and when (docs/decisions/038).
 */
export const marginAlertEvents = pgTable(
  'margin_alert_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    advanceId: integer('advance_id')
      .notNull()
      .references(() => advances.id),
    /** ALERT_STAGES of packages/shared/src/money/margin-alerts.ts. */
    stage: text('stage').notNull(),
    /** Owed ÷ collateral value; null when the collateral is worth nothing. */
    loanToValue: numeric('loan_to_value', { precision: 9, scale: 4 }),
    outstanding: numeric('outstanding', { precision: 18, scale: 2 }).notNull(),
    limitAmount: numeric('limit_amount', { precision: 18, scale: 2 }).notNull(),
    /** The stage change was told (e-mail, in-app notification, SMS): upward crossings only. */
    told: boolean('told').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('margin_alert_events_advance_idx').on(t.advanceId, t.id)],
);

/** The remedy each customer ranked in advance for a margin call (remedyRankingSchema). */
export const remedyRankings = pgTable('remedy_rankings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  methods: jsonb('methods').notNull(),
  pledgeOrder: jsonb('pledge_order').notNull(),
  sellOrder: jsonb('sell_order').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

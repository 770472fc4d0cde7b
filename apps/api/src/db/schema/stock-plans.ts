import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { documents } from './documents';
import { partners } from './partners';

/**
 * Company stock units a customer holds in an employee plan. Verified plans are a collateral line; their
 * units live in the ledger per plan (`customer.plan_units`, `customer.plan_units_pledged`) from the
 * verification on, so a pledge moves them like a fund's.
 */
export const stockPlans = pgTable(
  'stock_plans',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** A partner company, or null when the customer named another listed company. */
    partnerId: integer('partner_id').references(() => partners.id),
    companyName: text('company_name').notNull(),
    planName: text('plan_name').notNull(),
    vestedUnits: numeric('vested_units', { precision: 24, scale: 6 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 18, scale: 6 }).notNull(),
    priceSource: text('price_source').notNull(),
    loanToValue: numeric('loan_to_value', { precision: 5, scale: 4 }).notNull(),
    /** submitted | verified | rejected */
    status: text('status').notNull(),
    documentId: bigint('document_id', { mode: 'number' }).references(() => documents.id),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id),
  },
  (t) => [index('stock_plans_user_idx').on(t.userId), index('stock_plans_status_idx').on(t.status)],
);

/**
 * The company share's price over time, per plan: one price a day (a later record of the same day replaces
 * it). The verification writes the first row (the verified price on the verification day); operators
 * record the price as it moves, as they record fund NAVs. Whatever values plan units reads the latest
 * price on or before its day (docs/decisions/046).
 */
export const stockPlanPrices = pgTable(
  'stock_plan_prices',
  {
    id: serial('id').primaryKey(),
    stockPlanId: integer('stock_plan_id')
      .notNull()
      .references(() => stockPlans.id),
    day: date('day').notNull(),
    price: numeric('price', { precision: 18, scale: 6 }).notNull(),
    /** The plan's price sources: market_close | employer_valuation. */
    source: text('source').notNull(),
    /** Where the operator read it (an exchange's close, the administrator's letter), when given. */
    note: text('note'),
    recordedBy: integer('recorded_by').references(() => users.id),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_plan_prices_plan_day_idx').on(t.stockPlanId, t.day),
    check('stock_plan_prices_price_positive', sql`${t.price} > 0`),
    check('stock_plan_prices_source', sql`${t.source} in ('market_close', 'employer_valuation')`),
  ],
);

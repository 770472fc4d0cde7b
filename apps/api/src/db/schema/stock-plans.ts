import { bigint, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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

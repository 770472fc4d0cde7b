import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { products } from './products';

/**
 * What the customer asked for or what happened to their money: deposits, withdrawals and orders (invest,
 * disinvest). The money itself moves only in the ledger; each row points at it through journal entries
 * whose `reference` is `transactions:<id>`.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    status: text('status').notNull(),
    productId: integer('product_id').references(() => products.id),
    paymentMethod: text('payment_method'),
    /** Euro: requested (invest, withdrawal, deposit) or, for a disinvestment, the proceeds once executed. */
    amount: numeric('amount', { precision: 18, scale: 2 }),
    units: numeric('units', { precision: 24, scale: 6 }),
    nav: numeric('nav', { precision: 18, scale: 6 }),
    navDate: date('nav_date'),
    fee: numeric('fee', { precision: 18, scale: 2 }),
    referenceCode: text('reference_code').notNull(),
    executeOn: date('execute_on'),
    /** The signed order document when the MiFID score did not cover the product's risk. */
    signatureId: bigint('signature_id', { mode: 'number' }),
    /** Incoming transfer: who paid and on which value date. */
    payerName: text('payer_name'),
    valueDate: date('value_date'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    executedAt: timestamp('executed_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('transactions_reference_unique').on(t.referenceCode),
    // In the order the lists read a customer's transactions (newest first, empty dates last, id breaking
    // ties), so that a page is read from the index rather than sorted: a customer with 10,000 transactions
    // read all of them for a page of ten (docs/decisions/026, bench:scale).
    index('transactions_user_newest_idx').on(t.userId, t.createdAt.desc().nullsLast(), t.id.desc()),
    index('transactions_status_idx').on(t.status, t.type),
    // The wallet's holding periods start at each fund's first executed investment: found without reading
    // the customer's deposits and withdrawals.
    index('transactions_executed_investments_idx')
      .on(t.userId, t.productId, t.executedAt)
      .where(sql`${t.type} = 'invest' and ${t.status} = 'executed'`),
    // At most one disinvestment waiting per customer and product: the database says so, not only the code.
    uniqueIndex('transactions_one_pending_disinvestment')
      .on(t.userId, t.productId)
      .where(sql`${t.type} = 'disinvest' and ${t.status} = 'submitted'`),
  ],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
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
import { stockPlans } from './stock-plans';

/**
 * One account per (kind, owner, product). `asset` says what the account counts: `EUR`, or `UNITS:<productId>`
 * for a fund's units, `PLAN:<stockPlanId>` for a stock plan's. Every journal entry's lines sum to zero per asset. Customer accounts hold positive
 * balances; the platform's counter-accounts mirror them with the opposite sign.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    userId: integer('user_id').references(() => users.id),
    productId: integer('product_id').references(() => products.id),
    /** Accounts of a stock plan's units (a plan is not a fund, so it has its own owner column). */
    stockPlanId: integer('stock_plan_id').references(() => stockPlans.id),
    asset: text('asset').notNull(),
    /** Maintained in the same transaction as every line, checked against the lines by ledger:verify. */
    balance: numeric('balance', { precision: 24, scale: 6 }).notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_unique').on(
      t.kind,
      sql`coalesce(${t.userId}, 0)`,
      sql`coalesce(${t.productId}, 0)`,
      sql`coalesce(${t.stockPlanId}, 0)`,
    ),
    index('ledger_accounts_user_idx').on(t.userId),
    // A customer can never hold less than nothing: cash, reserved cash, units, reserved or pledged units.
    check('ledger_accounts_customer_not_negative', sql`${t.userId} is null or ${t.balance} >= 0`),
  ],
);

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What happened, e.g. `deposit`, `invest.reserve`, `invest.settle`, `withdrawal.execute`. */
    kind: text('kind').notNull(),
    /** The business row that caused it (e.g. `transactions:42`). */
    reference: text('reference').notNull(),
    /** The customer it concerns, when one does (lists and the ledger page filter by it). */
    userId: integer('user_id').references(() => users.id),
    /** The operator or customer who caused it. */
    actorId: integer('actor_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('journal_entries_reference_idx').on(t.reference), index('journal_entries_user_idx').on(t.userId)],
);

export const journalLines = pgTable(
  'journal_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Signed: positive increases the account's balance. Euro lines have two decimals, unit lines six. */
    amount: numeric('amount', { precision: 24, scale: 6 }).notNull(),
  },
  (t) => [index('journal_lines_entry_idx').on(t.entryId), index('journal_lines_account_idx').on(t.accountId)],
);

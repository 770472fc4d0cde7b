import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products } from './products';
import { signatures } from './signatures';
import { stockPlans } from './stock-plans';

/**
 * An advance: a request, then a contract, then a loan. The rate, APR and creditworthiness figures are
 * fixed when the request is made; `outstanding` is the principal still owed (the ledger's
 * `customer.advance` of the customer says the same).
 */
export const advances = pgTable(
  'advances',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** ADVANCE_STATUS of packages/shared/src/advance-status.ts. */
    status: smallint('status').notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    outstanding: numeric('outstanding', { precision: 18, scale: 2 }).notNull().default('0'),
    instalments: smallint('instalments').notNull(),
    annualRate: numeric('annual_rate', { precision: 8, scale: 6 }).notNull(),
    apr: numeric('apr', { precision: 8, scale: 6 }).notNull(),
    /** The collateral as it was valued when the request was made (lines, totals). */
    collateralSnapshot: jsonb('collateral_snapshot').notNull(),
    incomeBand: text('income_band'),
    occupation: text('occupation'),
    /** Yearly interest ÷ the income band's lower bound (null without a declared income). */
    incomeRatio: numeric('income_ratio', { precision: 12, scale: 6 }),
    flagged: boolean('flagged').notNull().default(false),
    contractFileId: bigint('contract_file_id', { mode: 'number' }),
    signatureId: bigint('signature_id', { mode: 'number' }).references(() => signatures.id),
    documentHash: text('document_hash'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    disbursedAt: timestamp('disbursed_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('advances_user_idx').on(t.userId, sql`${t.createdAt} desc`),
    index('advances_status_idx').on(t.status),
    // One request in progress (statuses 1–4) per customer: the database says so, not only the code.
    uniqueIndex('advances_one_in_progress').on(t.userId).where(sql`${t.status} in (1, 2, 3, 4)`),
  ],
);

/** A pledged line of an advance: a fund position or a stock plan, with its units and value at pledge time. */
export const advanceCollateral = pgTable(
  'advance_collateral',
  {
    id: serial('id').primaryKey(),
    advanceId: integer('advance_id')
      .notNull()
      .references(() => advances.id),
    productId: integer('product_id').references(() => products.id),
    stockPlanId: integer('stock_plan_id').references(() => stockPlans.id),
    units: numeric('units', { precision: 24, scale: 6 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 18, scale: 6 }).notNull(),
    value: numeric('value', { precision: 18, scale: 2 }).notNull(),
    loanToValue: numeric('loan_to_value', { precision: 5, scale: 4 }).notNull(),
    contribution: numeric('contribution', { precision: 18, scale: 2 }).notNull(),
    pledgedAt: timestamp('pledged_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    index('advance_collateral_advance_idx').on(t.advanceId),
    // A stock plan is pledged to one advance at a time (its units are pledged whole).
    uniqueIndex('advance_collateral_one_plan_pledge')
      .on(t.stockPlanId)
      .where(sql`${t.stockPlanId} is not null and ${t.releasedAt} is null`),
  ],
);

/** The quarterly instalments of an active advance, written at disbursement. */
export const advanceInstalments = pgTable(
  'advance_instalments',
  {
    id: serial('id').primaryKey(),
    advanceId: integer('advance_id')
      .notNull()
      .references(() => advances.id),
    number: smallint('number').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    interest: numeric('interest', { precision: 18, scale: 2 }).notNull(),
    principal: numeric('principal', { precision: 18, scale: 2 }).notNull(),
    /** scheduled | paid | overdue */
    state: text('state').notNull().default('scheduled'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('advance_instalments_number_unique').on(t.advanceId, t.number),
    index('advance_instalments_due_idx').on(t.state, t.dueDate),
  ],
);

/** What happened to an advance, in order: the timeline of the advance page. */
export const advanceEvents = pgTable(
  'advance_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    advanceId: integer('advance_id')
      .notNull()
      .references(() => advances.id),
    /** TIMELINE_KINDS of the shared schema. */
    kind: text('kind').notNull(),
    /** Values of the event's text (amounts, reason), translated when read. */
    params: jsonb('params').notNull().default({}),
    actorId: integer('actor_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('advance_events_advance_idx').on(t.advanceId, t.createdAt)],
);

/** Early repayments: pending while being processed, then executed. */
export const advanceRepayments = pgTable(
  'advance_repayments',
  {
    id: serial('id').primaryKey(),
    advanceId: integer('advance_id')
      .notNull()
      .references(() => advances.id),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    interest: numeric('interest', { precision: 18, scale: 2 }).notNull().default('0'),
    /** repayment | withdrawal */
    kind: text('kind').notNull().default('repayment'),
    /** pending | executed */
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    executedAt: timestamp('executed_at', { withTimezone: true }),
  },
  (t) => [
    index('advance_repayments_advance_idx').on(t.advanceId),
    uniqueIndex('advance_repayments_one_pending').on(t.advanceId).where(sql`${t.status} = 'pending'`),
  ],
);

/** A margin call: opened when the loan crosses its collateral's limit, closed when it is back within it. */
export const marginCalls = pgTable(
  'margin_calls',
  {
    id: serial('id').primaryKey(),
    advanceId: integer('advance_id')
      .notNull()
      .references(() => advances.id),
    outstanding: numeric('outstanding', { precision: 18, scale: 2 }).notNull(),
    limitAmount: numeric('limit_amount', { precision: 18, scale: 2 }).notNull(),
    shortfall: numeric('shortfall', { precision: 18, scale: 2 }).notNull(),
    collateralToAdd: numeric('collateral_to_add', { precision: 18, scale: 2 }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The last day to cure before the bank may sell (docs/decisions/038); null for calls opened before it. */
    graceUntil: date('grace_until', { mode: 'string' }),
    /** Forbearance offered by an operator (Directive (EU) 2023/2225 Art. 35), and the customer's answer. */
    forbearanceOfferedAt: timestamp('forbearance_offered_at', { withTimezone: true }),
    forbearanceOfferedBy: integer('forbearance_offered_by').references(() => users.id),
    /** FORBEARANCE_ANSWERS of the shared schema. */
    forbearanceAnswer: text('forbearance_answer'),
    forbearanceAnsweredAt: timestamp('forbearance_answered_at', { withTimezone: true }),
    /** customer_remedy | enforced: who settled the call; one only, set under the advance's lock. */
    resolution: text('resolution'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id),
  },
  (t) => [uniqueIndex('margin_calls_one_open').on(t.advanceId).where(sql`${t.closedAt} is null`)],
);

/**
 * A customer's request for a person to review the creditworthiness assessment that flagged their advance
 * (Directive (EU) 2023/2225), and the operator's outcome with its explanation. One per advance.
 */
export const advanceCreditReviews = pgTable(
  'advance_credit_reviews',
  {
    id: serial('id').primaryKey(),
    advanceId: integer('advance_id')
      .notNull()
      .references(() => advances.id),
    /** What the customer wrote with the request, if anything. */
    message: text('message'),
    /** `requested`, then `decided`. */
    status: text('status').notNull(),
    /** `upheld` (the assessment stands) or `revised` (the flag is lifted). */
    outcome: text('outcome'),
    explanation: text('explanation'),
    decidedBy: integer('decided_by').references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('advance_credit_reviews_one_per_advance').on(t.advanceId)],
);

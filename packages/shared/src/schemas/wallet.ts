import { z } from 'zod';
import { advanceSummarySchema, marginCallSchema, scheduleItemSchema } from './advances';
import { moneySchema } from './common';
import { isoDateSchema } from './documents';
import { navSchema, transactionSchema, unitsSchema } from './transactions';

/** A decimal fraction on the wire (e.g. "0.0425" for 4.25 %), signed. */
const fractionSchema = z.string().regex(/^-?\d+(\.\d+)?$/);

/** One product the customer holds (GET /api/v1/wallet/). */
export const positionSchema = z.object({
  product: z.object({
    id: z.number().int(),
    name: z.string(),
    isin: z.string(),
    risk_indicator: z.number().int(),
    min_holding_days: z.number().int(),
  }),
  /** Every unit held: free + pledged + reserved for a pending disinvestment. */
  units: unitsSchema,
  pledged_units: unitsSchema,
  /** Units set aside by a disinvestment that has not executed yet. */
  reserved_units: unitsSchema,
  /** Units that may be sold or pledged now. */
  available_units: unitsSchema,
  /** Net amount invested still in the position (entry costs excluded), and per unit. */
  cost: moneySchema,
  average_cost: navSchema,
  nav: navSchema,
  nav_date: z.string(),
  value: moneySchema,
  gain: moneySchema,
  gain_rate: fractionSchema,
  /** Share of the invested total, as a fraction. */
  weight: fractionSchema,
  /** First day a disinvestment is allowed (end of the minimum holding period). */
  disinvestable_from: z.string().nullable(),
  opened_on: z.string(),
});
export type Position = z.infer<typeof positionSchema>;

export const walletSchema = z.object({
  positions: z.array(positionSchema),
  totals: z.object({
    cost: moneySchema,
    value: moneySchema,
    gain: moneySchema,
    gain_rate: fractionSchema,
    pledged_value: moneySchema,
  }),
});
export type Wallet = z.infer<typeof walletSchema>;

/** Where a customer sends money to top up their cash, quoting their own reference. */
export const depositInstructionsSchema = z.object({
  beneficiary: z.string(),
  iban: z.string(),
  bic: z.string(),
  bank_name: z.string(),
  reference_code: z.string(),
});

/** GET /api/v1/cash/ */
export const cashSummarySchema = z.object({
  /** available + reserved */
  balance: moneySchema,
  available: moneySchema,
  /** Set aside for submitted investments and withdrawals not executed yet. */
  reserved: moneySchema,
  deposit_instructions: depositInstructionsSchema,
  /** The verified IBAN withdrawals are paid to (masked), or null when the bank account step is not approved. */
  withdrawal_account: z
    .object({ iban_masked: z.string(), holder: z.string(), bank_name: z.string().nullable() })
    .nullable(),
});
export type CashSummary = z.infer<typeof cashSummarySchema>;

/**
 * What moves the customer's cash (available + reserved), as the ledger posted it: one line per entry that
 * changed it, with what it was (`kind`, named in the reader's language) and what it refers to.
 */
export const CASH_MOVEMENT_KINDS = [
  'deposit',
  'withdrawal.execute',
  'invest.funded',
  'invest.settle',
  'disinvest.execute',
  'advance.disburse',
  'advance.instalment',
  'advance.repayment',
  'advance.withdrawal',
  'other',
] as const;
export type CashMovementKind = (typeof CASH_MOVEMENT_KINDS)[number];
export const cashMovementSchema = z.object({
  /** The journal entry's id. */
  id: z.number().int(),
  at: z.string(),
  kind: z.enum(CASH_MOVEMENT_KINDS),
  kind_name: z.string(),
  /** Signed: money in is positive. */
  amount: moneySchema,
  /** The cash balance after this line. */
  balance: moneySchema,
  /** The order's or transfer's reference code, when the line is one of the customer's transactions. */
  reference_code: z.string().nullable(),
  /** The advance the line belongs to, when it is one of an advance's flows. */
  advance_id: z.number().int().nullable(),
});
export type CashMovement = z.infer<typeof cashMovementSchema>;

/** GET /api/v1/cash/movements/?from=&to= (calendar days in Rome, both inclusive, both optional). */
export const cashStatementQuerySchema = z
  .object({ from: isoDateSchema.optional(), to: isoDateSchema.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'validation:periodOrder', path: ['to'] });
export const cashStatementSchema = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Cash before the period's first line; opening_balance + Σ amounts = closing_balance. */
  opening_balance: moneySchema,
  closing_balance: moneySchema,
  /** Newest first. */
  movements: z.array(cashMovementSchema),
});
export type CashStatement = z.infer<typeof cashStatementSchema>;

/** GET /api/v1/home/summary/ */
export const homeSummarySchema = z.object({
  /** Assets: cash (available + reserved) + the positions' market value + stock-plan units at their price. */
  total_value: moneySchema,
  /** Assets − the outstanding advance: what the customer would have if everything were settled today. */
  net_position: moneySchema,
  cash: moneySchema,
  /** The positions' market value (not what went into them: that is the wallet's `totals.cost`). */
  invested: moneySchema,
  /** Verified stock-plan units (free and pledged) at their plan's price. */
  stock_plans: moneySchema,
  /** Outstanding advances; zero until the customer has one. */
  advance_outstanding: moneySchema,
  /** An open margin call on one of them: what to repay or pledge, shown on the home too. */
  margin_call: marginCallSchema.nullable(),
  /**
   * The newest advance in progress or active, so the home points to it rather than offering another;
   * `next_due_date` is its next unpaid instalment's (null until the schedule is written at payout).
   */
  current_advance: advanceSummarySchema
    .pick({ id: true, status: true, status_name: true })
    .extend({ next_due_date: scheduleItemSchema.shape.due_date.nullable() })
    .nullable(),
  gain: moneySchema,
  recent_transactions: z.array(transactionSchema),
  pending_orders: z.number().int(),
});
export type HomeSummary = z.infer<typeof homeSummarySchema>;

/** GET /api/v1/backoffice/ledger/verify/ and `npm run ledger:verify`. */
export const LEDGER_CHECK_NAMES = [
  'entries_balance',
  'balances_match_lines',
  'no_negative_balances',
  'orders_match_positions',
  // Balances kept beside the ledger, checked against it (each its own check, so it says what is wrong).
  'reserved_units_match_orders',
  'advances_match_ledger',
  'pledged_units_match_pledges',
  'reserved_cash_matches_requests',
  'advances_within_limits',
] as const;
export type LedgerCheckName = (typeof LEDGER_CHECK_NAMES)[number];
export const ledgerCheckSchema = z.object({
  name: z.enum(LEDGER_CHECK_NAMES),
  ok: z.boolean(),
  /** A few offending ids with what is wrong, for the operator to follow up. */
  problems: z.array(z.string()),
});
export const ledgerVerificationSchema = z.object({
  ok: z.boolean(),
  checked_at: z.string(),
  entries: z.number().int(),
  accounts: z.number().int(),
  checks: z.array(ledgerCheckSchema),
});
export type LedgerVerification = z.infer<typeof ledgerVerificationSchema>;

// The ledger's accounts and entries as values: which kinds exist, what each counts, how an account is
// named in the ledger statements, and the checks an entry passes before anything is written. No SQL runs
// here; service.ts (one entry) and ordered.ts (many, in order) write them.
import Decimal from 'decimal.js';

/** A customer's accounts: what they hold, what is set aside for requests in flight, what is pledged. */
export const CUSTOMER_ACCOUNTS = [
  'customer.cash',
  'customer.cash_reserved',
  'customer.units',
  'customer.units_reserved',
  'customer.units_pledged',
  'customer.position_cost',
  /** Advances: the principal the customer owes; a verified stock plan's free and pledged units. */
  'customer.advance',
  'customer.plan_units',
  'customer.plan_units_pledged',
] as const;
/** The platform's side: the partner bank's clearing account, fee income, interest, and each fund. */
export const PLATFORM_ACCOUNTS = [
  'platform.bank',
  'platform.fees',
  'platform.interest',
  'platform.fund_units',
  'platform.fund_capital',
  /** Advances lent (mirror of every customer's `customer.advance`) and stock-plan units recognised. */
  'platform.advances',
  'platform.plan_units',
] as const;
export type CustomerAccountKind = (typeof CUSTOMER_ACCOUNTS)[number];
export type PlatformAccountKind = (typeof PLATFORM_ACCOUNTS)[number];
export type AccountKind = CustomerAccountKind | PlatformAccountKind;

export const UNIT_KINDS = new Set<AccountKind>([
  'customer.units',
  'customer.units_reserved',
  'customer.units_pledged',
  'platform.fund_units',
]);
/** Kinds kept per fund (units, and the cost or capital behind them). */
export const PER_PRODUCT_KINDS = new Set<AccountKind>([
  ...UNIT_KINDS,
  'customer.position_cost',
  'platform.fund_capital',
]);
/** Kinds kept per stock plan: its units, counted apart from any fund's. */
export const PER_PLAN_KINDS = new Set<AccountKind>([
  'customer.plan_units',
  'customer.plan_units_pledged',
  'platform.plan_units',
]);

export type AccountRef =
  | { kind: CustomerAccountKind; userId: number; productId?: number; stockPlanId?: number }
  | { kind: PlatformAccountKind; productId?: number; stockPlanId?: number };

export interface LedgerLine {
  account: AccountRef;
  /** Signed; positive raises the account's balance. */
  amount: Decimal.Value;
}

export interface JournalEntryInput {
  /** What happened, e.g. `withdrawal.request`, `invest.settle`. */
  kind: string;
  /** The business row behind it, e.g. `transactions:42`. */
  reference: string;
  userId?: number | null;
  actorId?: number | null;
  lines: LedgerLine[];
}

export const EURO_DECIMALS = 2;
export const UNIT_DECIMALS = 6;

export function assetOf(ref: AccountRef): string {
  if (PER_PLAN_KINDS.has(ref.kind)) {
    if (!ref.stockPlanId) throw new Error(`${ref.kind} needs a stock plan`);
    return `PLAN:${ref.stockPlanId}`;
  }
  if (!UNIT_KINDS.has(ref.kind)) return 'EUR';
  if (!ref.productId) throw new Error(`${ref.kind} needs a product`);
  return `UNITS:${ref.productId}`;
}

export function refKey(ref: AccountRef): string {
  const userId = 'userId' in ref ? ref.userId : 0;
  const planId = PER_PLAN_KINDS.has(ref.kind) ? (ref.stockPlanId ?? 0) : 0;
  return `${ref.kind}|${userId}|${PER_PRODUCT_KINDS.has(ref.kind) ? (ref.productId ?? 0) : 0}|${planId}`;
}

/**
 * An entry's lines checked (each sums to zero per asset, no more decimals than the asset has, at least one
 * line) and its movement per account, keyed like `refKey`.
 */
export function balancedLines(input: JournalEntryInput) {
  const lines = input.lines
    .map((line) => ({ account: line.account, amount: new Decimal(line.amount) }))
    .filter((line) => !line.amount.isZero());
  if (lines.length === 0) throw new Error(`journal entry ${input.kind} has no lines`);
  const sums = new Map<string, Decimal>();
  for (const line of lines) {
    const asset = assetOf(line.account);
    const decimals = asset === 'EUR' ? EURO_DECIMALS : UNIT_DECIMALS;
    if (line.amount.decimalPlaces() > decimals) {
      throw new Error(`journal entry ${input.kind}: ${line.amount} has more than ${decimals} decimals for ${asset}`);
    }
    sums.set(asset, (sums.get(asset) ?? new Decimal(0)).plus(line.amount));
  }
  for (const [asset, sum] of sums) {
    if (!sum.isZero()) throw new Error(`journal entry ${input.kind} does not balance in ${asset}: ${sum}`);
  }
  const deltas = new Map<string, { ref: AccountRef; delta: Decimal }>();
  for (const line of lines) {
    const key = refKey(line.account);
    const current = deltas.get(key);
    deltas.set(key, { ref: line.account, delta: (current?.delta ?? new Decimal(0)).plus(line.amount) });
  }
  return { lines, deltas };
}

/** An account's owner as the ledger statements match it: 0 for no customer, fund or stock plan. */
export function ownerOf(ref: AccountRef) {
  return {
    kind: ref.kind,
    user_id: 'userId' in ref ? ref.userId : 0,
    product_id: PER_PRODUCT_KINDS.has(ref.kind) ? (ref.productId ?? 0) : 0,
    stock_plan_id: PER_PLAN_KINDS.has(ref.kind) ? (ref.stockPlanId ?? 0) : 0,
  };
}

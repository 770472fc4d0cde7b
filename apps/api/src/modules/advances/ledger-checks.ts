// The advances' balances kept beside the ledger, checked against it (docs/decisions/010 and 012): the
// principal each customer owes, the units each pledge holds, and the cash set aside by waiting requests
// (orders, withdrawals and early repayments together, as they share one reserved-cash account).
import type { LedgerVerification } from '@lombard/shared/schemas/wallet';
import Decimal from 'decimal.js';
import { eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { advanceCollateral, advanceRepayments, advances } from '../../db/schema/advances';
import { balancesMatch, type ExpectedBalance, type LedgerCheck } from '../ledger/service';
import { transactionReservations, verifyLedger } from '../transactions/service';
import { advancesWithinLimits } from './coverage';

/** Σ `advances.outstanding` of each customer equals their `customer.advance` account. */
export async function advancesMatchLedger(db: Queryable): Promise<LedgerCheck> {
  const rows = await db.select({ userId: advances.userId, outstanding: advances.outstanding }).from(advances);
  const expected: ExpectedBalance[] = rows.map((row) => ({
    kind: 'customer.advance',
    userId: row.userId,
    amount: row.outstanding,
  }));
  return balancesMatch(db, 'advances_match_ledger', ['customer.advance'], expected, 'advances outstanding');
}

/** The units of every pledge not yet released equal the pledged accounts (funds and stock plans). */
export async function pledgedUnitsMatchPledges(db: Queryable): Promise<LedgerCheck> {
  const rows = await db
    .select({
      userId: advances.userId,
      productId: advanceCollateral.productId,
      stockPlanId: advanceCollateral.stockPlanId,
      units: advanceCollateral.units,
    })
    .from(advanceCollateral)
    .innerJoin(advances, eq(advances.id, advanceCollateral.advanceId))
    .where(isNull(advanceCollateral.releasedAt));
  const expected: ExpectedBalance[] = rows.map((row) =>
    row.productId !== null
      ? { kind: 'customer.units_pledged', userId: row.userId, productId: row.productId, amount: row.units }
      : { kind: 'customer.plan_units_pledged', userId: row.userId, stockPlanId: row.stockPlanId, amount: row.units },
  );
  return balancesMatch(
    db,
    'pledged_units_match_pledges',
    ['customer.units_pledged', 'customer.plan_units_pledged'],
    expected,
    'pledges',
  );
}

/** Reserved cash equals the submitted orders and withdrawals plus the pending early repayments. */
export async function reservedCashMatchesRequests(db: Queryable): Promise<LedgerCheck> {
  const pending = await db
    .select({ userId: advances.userId, amount: advanceRepayments.amount, interest: advanceRepayments.interest })
    .from(advanceRepayments)
    .innerJoin(advances, eq(advances.id, advanceRepayments.advanceId))
    .where(eq(advanceRepayments.status, 'pending'));
  const expected: ExpectedBalance[] = [
    ...(await transactionReservations(db)).filter((e) => e.kind === 'customer.cash_reserved'),
    ...pending.map((row) => ({
      kind: 'customer.cash_reserved' as const,
      userId: row.userId,
      amount: new Decimal(row.amount).plus(row.interest),
    })),
  ];
  return balancesMatch(db, 'reserved_cash_matches_requests', ['customer.cash_reserved'], expected, 'waiting requests');
}

/**
 * Every check of the books: the ledger's own invariants and orders (transactions module), then the
 * advances' balances. The back office, `npm run ledger:verify` and every test app run this one.
 */
export async function verifyBooks(db: Queryable, now: Date): Promise<LedgerVerification> {
  const report = await verifyLedger(db, now);
  const checks = [
    ...report.checks,
    await advancesMatchLedger(db),
    await pledgedUnitsMatchPledges(db),
    await reservedCashMatchesRequests(db),
    await advancesWithinLimits(db),
  ];
  return { ...report, ok: checks.every((check) => check.ok), checks };
}

// The advances' balances kept beside the ledger, checked against it (docs/decisions/010 and 012): the
// principal each customer owes, the units each pledge holds, and the cash set aside by waiting requests
// (orders, withdrawals and early repayments together, as they share one reserved-cash account).
import type { LedgerVerification } from '@lombard/shared/schemas/wallet';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { advanceCollateral, advanceRepayments, advances } from '../../db/schema/advances';
import { balancesMatch, type LedgerCheck } from '../ledger/service';
import { transactionReservations, verifyLedger } from '../transactions/service';
import { advancesWithinLimits } from './coverage';

/** Σ `advances.outstanding` of each customer equals their `customer.advance` account. */
export async function advancesMatchLedger(db: Queryable): Promise<LedgerCheck> {
  const expected = sql`select 'customer.advance'::text, ${advances.userId}, null::int, null::int, ${advances.outstanding}
    from ${advances}`;
  return balancesMatch(db, 'advances_match_ledger', ['customer.advance'], expected, 'advances outstanding');
}

/** The units of every pledge not yet released equal the pledged accounts (funds and stock plans). */
export async function pledgedUnitsMatchPledges(db: Queryable): Promise<LedgerCheck> {
  const c = advanceCollateral;
  const expected = sql`select
      case when ${c.productId} is not null then 'customer.units_pledged' else 'customer.plan_units_pledged' end,
      ${advances.userId}, ${c.productId}, case when ${c.productId} is null then ${c.stockPlanId} end, ${c.units}
    from ${c} join ${advances} on ${advances.id} = ${c.advanceId}
    where ${c.releasedAt} is null`;
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
  const r = advanceRepayments;
  const expected = sql`${transactionReservations('customer.cash_reserved')}
    union all
    select 'customer.cash_reserved'::text, ${advances.userId}, null::int, null::int, ${r.amount} + ${r.interest}
    from ${r} join ${advances} on ${advances.id} = ${r.advanceId}
    where ${r.status} = 'pending'`;
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

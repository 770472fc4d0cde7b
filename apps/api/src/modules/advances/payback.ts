// What an advance's principal is over time and the ledger entry that pays the bank back: shared by the
// quarterly interest, early repayment and the right of withdrawal.
import { calendarDate } from '@lombard/shared/money/business-days';
import Decimal from 'decimal.js';
import { and, asc, eq } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db/client';
import { advanceInstalments, advanceRepayments } from '../../db/schema/advances';
import { type AccountRef, type LedgerLine, postEntry } from '../ledger/service';
import type { AdvanceRow } from './records';

/** The day the money was paid out: the first quarter starts on it. */
export function payoutDay(advance: AdvanceRow): string | null {
  return advance.disbursedAt ? calendarDate(advance.disbursedAt) : null;
}

/** Early repayments already booked, oldest first, with the day each lowered the principal. */
export async function executedRepayments(db: Queryable, advanceId: number) {
  const rows = await db
    .select({ amount: advanceRepayments.amount, createdAt: advanceRepayments.createdAt })
    .from(advanceRepayments)
    .where(
      and(
        eq(advanceRepayments.advanceId, advanceId),
        eq(advanceRepayments.kind, 'repayment'),
        eq(advanceRepayments.status, 'executed'),
      ),
    )
    .orderBy(asc(advanceRepayments.createdAt), asc(advanceRepayments.id));
  // A repayment lowers the principal from the day it was asked for (its cash was set aside that day).
  return rows.map((row) => ({ date: calendarDate(row.createdAt), amount: new Decimal(row.amount).toFixed(2) }));
}

/** Each instalment's due date as scheduled now, by number (index 0: instalment 1). */
export async function scheduledDueDates(db: Queryable, advanceId: number): Promise<string[]> {
  const rows = await db
    .select({ dueDate: advanceInstalments.dueDate })
    .from(advanceInstalments)
    .where(eq(advanceInstalments.advanceId, advanceId))
    .orderBy(asc(advanceInstalments.number));
  return rows.map((row) => row.dueDate);
}

/** The principal outstanding from each day on: the payout, then after each repayment. */
export function principalChanges(advance: AdvanceRow, repayments: { date: string; amount: string }[]) {
  let principal = new Decimal(advance.amount);
  const changes = [{ date: payoutDay(advance)!, principal: principal.toFixed(2) }];
  for (const repayment of repayments) {
    principal = principal.minus(repayment.amount);
    changes.push({ date: repayment.date, principal: principal.toFixed(2) });
  }
  return changes;
}

/**
 * The entry that pays the bank back from the customer's cash (or cash set aside for it): principal to the
 * bank, which lowers what the customer owes, and interest to the platform's interest income.
 */
export async function postPayback(
  tx: Transaction,
  input: {
    kind: string;
    reference: string;
    userId: number;
    actorId: number | null;
    principal: Decimal.Value;
    interest: Decimal.Value;
    from: 'customer.cash' | 'customer.cash_reserved';
  },
) {
  const principal = new Decimal(input.principal);
  const interest = new Decimal(input.interest);
  const { userId } = input;
  const owed: AccountRef = { kind: 'customer.advance', userId };
  const lines: LedgerLine[] = [
    { account: { kind: input.from, userId }, amount: principal.plus(interest).neg() },
    { account: { kind: 'platform.bank' }, amount: principal },
    { account: { kind: 'platform.interest' }, amount: interest },
    { account: owed, amount: principal.neg() },
    { account: { kind: 'platform.advances' }, amount: principal },
  ];
  await postEntry(tx, {
    kind: input.kind,
    reference: input.reference,
    userId,
    actorId: input.actorId,
    lines,
  });
}

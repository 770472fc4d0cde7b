// The instalment deferral a customer accepts under forbearance (docs/decisions/038): her next unpaid
// instalment and every later one fall due a contract quarter later, so the deferred one pays the interest
// of two quarters at the contract's rate (no interest on interest, no fee) and the principal comes back a
// quarter later. Runs in the answer's transaction, on the advance and its instalments read under lock.
import { deferredDueDates, scheduledInterest } from '@lombard/shared/money/advance-settlement';
import { asc, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { advanceInstalments } from '../../db/schema/advances';
import { AppError } from '../../lib/errors';
import { executedRepayments, payoutDay, principalChanges } from './payback';
import type { AdvanceRow } from './records';

export interface Deferral {
  number: number;
  from: string;
  to: string;
  maturity: string;
}

/** Defers the advance's next unpaid instalment (the caller holds the advance's lock). */
export async function deferNextInstalment(tx: Transaction, advance: AdvanceRow): Promise<Deferral> {
  const rows = await tx
    .select()
    .from(advanceInstalments)
    .where(eq(advanceInstalments.advanceId, advance.id))
    .orderBy(asc(advanceInstalments.number))
    .for('update');
  const startDate = payoutDay(advance);
  // Instalments are collected oldest first: the paid ones are the first rows.
  const paid = rows.filter((row) => row.state === 'paid').length;
  if (!startDate || paid >= rows.length) throw new AppError('NO_INSTALMENT_TO_DEFER');
  const before = rows.map((row) => row.dueDate);
  const dueDates = deferredDueDates(startDate, before, paid);
  const changes = principalChanges(advance, await executedRepayments(tx, advance.id));
  const terms = { startDate, dueDates, annualRate: advance.annualRate };
  for (const [index, row] of rows.entries()) {
    if (index < paid) continue;
    // An overdue instalment deferred is scheduled again: its amounts are fixed anew on its new due date.
    await tx
      .update(advanceInstalments)
      .set({
        dueDate: dueDates[index]!,
        state: 'scheduled',
        notifiedAt: null,
        interest: scheduledInterest({ terms, number: row.number, principalChanges: changes }),
      })
      .where(eq(advanceInstalments.id, row.id));
  }
  return { number: rows[paid]!.number, from: before[paid]!, to: dueDates[paid]!, maturity: dueDates.at(-1)! };
}

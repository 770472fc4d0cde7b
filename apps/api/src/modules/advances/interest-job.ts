// The quarterly interest run. Once a day one job collects every instalment that has fallen due on an
// active advance: its interest (pro rata when the principal changed inside the quarter, decision 012) and,
// on the last one, the principal; paid from cash through the ledger. When cash is short the instalment is
// overdue, the customer is told once, and a later run collects it when cash has arrived.
import { ADVANCE_STATUS, type AdvanceStatus, nextStatus } from '@lombard/shared/advance-status';
import { scheduledInterest } from '@lombard/shared/money/advance-settlement';
import { calendarDate } from '@lombard/shared/money/business-days';
import Decimal from 'decimal.js';
import { and, asc, eq, inArray, lte, ne } from 'drizzle-orm';
import { type Database, inTransaction, type Transaction } from '../../db/client';
import { advanceInstalments, advances } from '../../db/schema/advances';
import { formatDate, formatMoney } from '../../lib/format';
import { enqueueOnce } from '../../lib/jobs/once';
import type { JobHandler } from '../../lib/jobs/queue';
import { lockCustomerCash } from '../ledger/service';
import { releaseCollateral } from './collateral';
import { type NoticeSettings, tellCustomer } from './customer-notice';
import { closeMarginCall } from './margin-calls';
import { executedRepayments, payoutDay, postPayback, principalChanges, scheduledDueDates } from './payback';
import { type AdvanceRow, addEvent, lockAdvance } from './records';

export const ADVANCE_INTEREST_JOB = 'advances.interest';

export interface InterestRunPayload {
  date: string;
}

/** Queues the run of the day of `now` (Rome), once however many instances ask. */
export function scheduleInterestRun(db: Database, now: Date): Promise<boolean> {
  return enqueueOnce(db, ADVANCE_INTEREST_JOB, { date: calendarDate(now) } satisfies InterestRunPayload);
}

type InstalmentRow = typeof advanceInstalments.$inferSelect;

/** Fixes the amounts of an instalment on its due date, from the principal as it was during its period. */
async function fixAmounts(tx: Transaction, advance: AdvanceRow, row: InstalmentRow): Promise<InstalmentRow> {
  // From the previous due date to its own: one quarter, or more when a deferral moved it (decision 038).
  const interest = scheduledInterest({
    terms: {
      startDate: payoutDay(advance)!,
      dueDates: await scheduledDueDates(tx, advance.id),
      annualRate: advance.annualRate,
    },
    number: row.number,
    principalChanges: principalChanges(advance, await executedRepayments(tx, advance.id)),
  });
  const principal = row.number === advance.instalments ? new Decimal(advance.outstanding).toFixed(2) : '0.00';
  const [fixed] = await tx
    .update(advanceInstalments)
    .set({ interest, principal })
    .where(eq(advanceInstalments.id, row.id))
    .returning();
  return fixed!;
}

/** Ends an advance whose last instalment took the principal: repaid, collateral free again. */
async function endAtMaturity(tx: Transaction, advance: AdvanceRow, settings: NoticeSettings, now: Date) {
  const to = nextStatus(advance.status as AdvanceStatus, 'repay', 'system')!;
  await tx
    .update(advances)
    .set({ status: to, outstanding: '0.00', endedAt: now, updatedAt: now })
    .where(eq(advances.id, advance.id));
  await releaseCollateral(tx, advance.userId, advance.id, now);
  await closeMarginCall(tx, advance.id, now);
  await addEvent(tx, advance.id, 'repaid', { amount: new Decimal(advance.amount).toFixed(2) }, null, now);
  await tellCustomer(tx, settings, {
    userId: advance.userId,
    advanceId: advance.id,
    notification: 'advance_status',
    notice: 'repaid',
    params: (language) => ({ reference: String(advance.id), amount: formatMoney(advance.amount, language) }),
  });
}

/** Collects what is due on one advance, oldest instalment first; stops at the first that cash cannot pay. */
async function collectAdvance(tx: Transaction, id: number, date: string, settings: NoticeSettings, now: Date) {
  const advance = await lockAdvance(tx, id);
  if (advance.status !== ADVANCE_STATUS.active || !advance.disbursedAt) return { paid: 0, overdue: 0 };
  const due = await tx
    .select()
    .from(advanceInstalments)
    .where(
      and(
        eq(advanceInstalments.advanceId, id),
        ne(advanceInstalments.state, 'paid'),
        lte(advanceInstalments.dueDate, date),
      ),
    )
    .orderBy(asc(advanceInstalments.number));
  let paid = 0;
  for (const scheduled of due) {
    const row = scheduled.state === 'scheduled' ? await fixAmounts(tx, advance, scheduled) : scheduled;
    const interest = new Decimal(row.interest);
    const principal = new Decimal(row.principal);
    const total = interest.plus(principal);
    const { available } = await lockCustomerCash(tx, advance.userId);
    if (total.gt(available)) {
      await tx.update(advanceInstalments).set({ state: 'overdue' }).where(eq(advanceInstalments.id, row.id));
      if (!row.notifiedAt) {
        await tx.update(advanceInstalments).set({ notifiedAt: now }).where(eq(advanceInstalments.id, row.id));
        await addEvent(tx, id, 'instalment_overdue', { number: row.number, amount: total.toFixed(2) }, null, now);
        await tellCustomer(tx, settings, {
          userId: advance.userId,
          advanceId: id,
          notification: 'instalment_overdue',
          notice: 'overdue',
          params: (language) => ({
            number: row.number,
            amount: formatMoney(total, language),
            date: formatDate(row.dueDate, language),
            available: formatMoney(available, language),
          }),
        });
      }
      return { paid, overdue: 1 };
    }
    await postPayback(tx, {
      kind: 'advance.instalment',
      reference: `advances:${id}`,
      userId: advance.userId,
      actorId: null,
      principal,
      interest,
      from: 'customer.cash',
    });
    await tx.update(advanceInstalments).set({ state: 'paid', paidAt: now }).where(eq(advanceInstalments.id, row.id));
    await addEvent(tx, id, 'interest_paid', { number: row.number, amount: interest.toFixed(2) }, null, now);
    paid++;
    if (principal.gt(0) || row.number === advance.instalments) await endAtMaturity(tx, advance, settings, now);
  }
  return { paid, overdue: 0 };
}

/**
 * Collects every instalment due on or before `date`. Each advance is settled in its own transaction, so
 * one customer's problem never holds back another's instalment.
 */
export async function collectInstalments(db: Database, date: string, settings: NoticeSettings, now: Date) {
  const ids = await db
    .selectDistinct({ id: advanceInstalments.advanceId })
    .from(advanceInstalments)
    .innerJoin(advances, eq(advances.id, advanceInstalments.advanceId))
    .where(
      and(
        eq(advances.status, ADVANCE_STATUS.active),
        inArray(advanceInstalments.state, ['scheduled', 'overdue']),
        lte(advanceInstalments.dueDate, date),
      ),
    )
    .orderBy(advanceInstalments.advanceId);
  const totals = { paid: 0, overdue: 0 };
  for (const { id } of ids) {
    const result = await inTransaction(db, (tx) => collectAdvance(tx, id, date, settings, now));
    totals.paid += result.paid;
    totals.overdue += result.overdue;
  }
  return totals;
}

export function interestJobHandler(settings: NoticeSettings, clock: () => Date): JobHandler<InterestRunPayload> {
  return async ({ date }, { db, log }) => {
    const totals = await collectInstalments(db, date, settings, clock());
    log.info({ date, ...totals }, 'advance instalments collected');
  };
}

// The advances module's face to the rest of the API: what the home page shows of a customer's advances,
// and the request, signing and operator steps the demo seed takes as a customer and an operator would.

import { ADVANCE_STATUS, type AdvanceStatus, IN_PROGRESS_STATUSES } from '@lombard/shared/advance-status';
import type { MarginCall } from '@lombard/shared/schemas/advances';
import type { HomeSummary } from '@lombard/shared/schemas/wallet';
import Decimal from 'decimal.js';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { advanceInstalments, advanceRepayments, advances } from '../../db/schema/advances';
import type { Translate } from '../../lib/i18n';
import { openMarginCall } from './margin-calls';
import { statusLabel } from './records';

export { advancesWithinLimits } from './coverage';
export { ADVANCE_PAYOUT_JOB, approve, disburse, preApprove } from './operator-service';
export { rankingView, saveRanking } from './remedy';
export { requestAdvance } from './request-service';
export { checkContractCode, sendContractCode, signContract } from './signing-service';

/** The newest advance in progress or active, with its next unpaid instalment's due date. */
async function currentAdvance(db: Queryable, userId: number, t: Translate): Promise<HomeSummary['current_advance']> {
  const [row] = await db
    .select({ id: advances.id, status: advances.status })
    .from(advances)
    .where(and(eq(advances.userId, userId), inArray(advances.status, [...IN_PROGRESS_STATUSES, ADVANCE_STATUS.active])))
    .orderBy(desc(advances.id))
    .limit(1);
  if (!row) return null;
  const [next] = await db
    .select({ dueDate: advanceInstalments.dueDate })
    .from(advanceInstalments)
    .where(and(eq(advanceInstalments.advanceId, row.id), ne(advanceInstalments.state, 'paid')))
    .orderBy(asc(advanceInstalments.number))
    .limit(1);
  return {
    id: row.id,
    status: row.status as AdvanceStatus,
    status_name: statusLabel(row.status, t),
    next_due_date: next?.dueDate ?? null,
  };
}

/** The principal the customer still owes on active advances, the open margin call if any, the current one. */
export async function advancesAtAGlance(
  db: Queryable,
  userId: number,
  t: Translate,
): Promise<{ outstanding: string; marginCall: MarginCall | null; current: HomeSummary['current_advance'] }> {
  const active = await db
    .select({ id: advances.id, outstanding: advances.outstanding })
    .from(advances)
    .where(and(eq(advances.userId, userId), eq(advances.status, ADVANCE_STATUS.active)))
    .orderBy(asc(advances.id));
  let marginCall: MarginCall | null = null;
  for (const row of active) {
    marginCall ??= await openMarginCall(db, row.id);
  }
  return {
    current: await currentAdvance(db, userId, t),
    outstanding: active.reduce((sum, row) => sum.plus(row.outstanding), new Decimal(0)).toFixed(2),
    marginCall,
  };
}

// The daily interest run, queued by hand where a scene needs it now.
export { scheduleInterestRun } from './interest-job';
// The full verification of the books (the ledger, orders and advances), for the back office, the CLI and tests.
export { verifyBooks } from './ledger-checks';
// The statement of an advance: on request (statement-routes.ts), yearly and regenerated (statements module).
export { findAdvance } from './records';
export { advancesOpenIn, issueAdvanceStatement } from './statement';

/** The advance each repayment (early repayment or withdrawal) belongs to, by repayment id. */
export async function advanceOfRepayments(db: Queryable, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: advanceRepayments.id, advanceId: advanceRepayments.advanceId })
    .from(advanceRepayments)
    .where(inArray(advanceRepayments.id, ids));
  return new Map(rows.map((row) => [row.id, row.advanceId]));
}

/** Every advance of a customer with its schedule and repayments (the copy of their data). */
export async function advanceRecords(db: Queryable, userId: number) {
  const rows = await db.select().from(advances).where(eq(advances.userId, userId)).orderBy(asc(advances.id));
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [instalments, repayments] = await Promise.all([
    db
      .select()
      .from(advanceInstalments)
      .where(inArray(advanceInstalments.advanceId, ids))
      .orderBy(asc(advanceInstalments.number)),
    db
      .select()
      .from(advanceRepayments)
      .where(inArray(advanceRepayments.advanceId, ids))
      .orderBy(asc(advanceRepayments.id)),
  ]);
  return rows.map((row) => ({
    ...row,
    instalments: instalments.filter((i) => i.advanceId === row.id),
    repayments: repayments.filter((r) => r.advanceId === row.id),
  }));
}

/** How many advances of a customer are still open: being requested, signed, paid out or active. */
export async function openAdvanceCount(db: Queryable, userId: number): Promise<number> {
  const rows = await db
    .select({ id: advances.id })
    .from(advances)
    .where(
      and(eq(advances.userId, userId), inArray(advances.status, [...IN_PROGRESS_STATUSES, ADVANCE_STATUS.active])),
    );
  return rows.length;
}

// What a sale of the customer's fund lines would take and her losses carried forward (net worth reads them).
export { lossesCarriedForward, type NamedSellableLine, sellableLines } from './sale-lines';

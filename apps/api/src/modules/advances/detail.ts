// How an advance reads on the wire: the list row, and the detail page's data (schedule, collateral,
// timeline, documents, rights, what the reader may do now, and for operators the creditworthiness).
import { type AdvanceActor, type AdvanceStatus, allowedActions } from '@lombard/shared/advance-status';
import { MAX_CREDIT_INCOME_RATIO, WITHDRAWAL_PERIOD_DAYS } from '@lombard/shared/constants';
import type { Language } from '@lombard/shared/locale';
import { calendarDate } from '@lombard/shared/money/business-days';
import { addDays } from '@lombard/shared/money/calendar-days';
import type { AdvanceDetail, AdvanceSummary, TimelineKind } from '@lombard/shared/schemas/advances';
import Decimal from 'decimal.js';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client';
import { advanceEvents, advanceInstalments, advanceRepayments, marginCalls } from '../../db/schema/advances';
import { currentUser } from '../../lib/auth-guards';
import type { Translate } from '../../lib/i18n';
import { getAccount } from '../account/service';
import { collateralOf } from './collateral';
import { assessmentOf, creditReviewOf } from './credit-review';
import { type AdvanceRow, findAdvance, statusLabel } from './records';
import { ownRate, priceAdvance } from './request-service';

const eur = (value: Decimal.Value) => new Decimal(value).toFixed(2);

export type SummaryRow = Pick<
  AdvanceRow,
  'id' | 'status' | 'amount' | 'outstanding' | 'instalments' | 'annualRate' | 'apr' | 'createdAt' | 'disbursedAt'
>;

export function serializeSummary(row: SummaryRow, t: Translate, maturity: string | null = null): AdvanceSummary {
  return {
    id: row.id,
    status: row.status as AdvanceStatus,
    status_name: statusLabel(row.status, t),
    amount: eur(row.amount),
    outstanding: eur(row.outstanding),
    instalments_count: row.instalments,
    annual_rate: new Decimal(row.annualRate).toFixed(4),
    apr: new Decimal(row.apr).toFixed(6),
    created_at: row.createdAt.toISOString(),
    disbursed_at: row.disbursedAt?.toISOString() ?? null,
    maturity_date: maturity,
  };
}

/** The last day of the right of withdrawal: the signing day plus 14 calendar days. */
export const withdrawalDeadline = (signedAt: Date) => addDays(calendarDate(signedAt), WITHDRAWAL_PERIOD_DAYS);

export async function advanceDetail(
  db: Queryable,
  row: AdvanceRow,
  reader: { actor: AdvanceActor; t: Translate; language: Language; now: Date },
): Promise<AdvanceDetail> {
  const { t } = reader;
  const [instalmentRows, events, collateral, pending, marginCall, account, review] = await Promise.all([
    db
      .select()
      .from(advanceInstalments)
      .where(eq(advanceInstalments.advanceId, row.id))
      .orderBy(asc(advanceInstalments.number)),
    db
      .select()
      .from(advanceEvents)
      .where(eq(advanceEvents.advanceId, row.id))
      .orderBy(asc(advanceEvents.createdAt), asc(advanceEvents.id)),
    collateralOf(db, [row.id], t),
    db
      .select()
      .from(advanceRepayments)
      .where(and(eq(advanceRepayments.advanceId, row.id), eq(advanceRepayments.status, 'pending')))
      .limit(1),
    db
      .select()
      .from(marginCalls)
      .where(and(eq(marginCalls.advanceId, row.id), isNull(marginCalls.closedAt)))
      .limit(1),
    reader.actor === 'operator' ? getAccount(db, row.userId) : Promise.resolve(null),
    creditReviewOf(db, row.id),
  ]);
  const today = calendarDate(reader.now);
  // Before payout the schedule is the one a payout today would give; afterwards, the stored one (a repaid or
  // withdrawn advance keeps only the instalments it paid).
  const instalments =
    instalmentRows.length > 0 || row.disbursedAt
      ? instalmentRows.map((item) => ({
          number: item.number,
          due_date: item.dueDate,
          interest: eur(item.interest),
          principal: eur(item.principal),
          total: eur(new Decimal(item.interest).plus(item.principal)),
          state: item.state as 'scheduled' | 'paid' | 'overdue',
          paid_at: item.paidAt?.toISOString() ?? null,
        }))
      : priceAdvance(row.amount, row.instalments, today, ownRate(row)).schedule.map((item) => ({
          number: item.number,
          due_date: item.dueDate,
          interest: item.interest,
          principal: item.principal,
          total: item.total,
          state: 'scheduled' as const,
          paid_at: null,
        }));
  const deadline = row.signedAt ? withdrawalDeadline(row.signedAt) : null;
  const signedStatuses: number[] = [3, 4, 5];
  const canWithdraw = deadline !== null && signedStatuses.includes(row.status) && today <= deadline;
  const base = `/api/v1/advances/${row.id}`;
  const call = marginCall[0];
  const totalInterest = instalments.reduce((sum, item) => sum.plus(item.interest), new Decimal(0));
  const yearly = new Decimal(row.amount).mul(row.annualRate).toDecimalPlaces(2);
  return {
    ...serializeSummary(row, t, instalments.at(-1)?.due_date ?? null),
    paid_back: row.disbursedAt ? eur(new Decimal(row.amount).minus(row.outstanding)) : '0.00',
    total_interest: eur(totalInterest),
    instalments,
    collateral: collateral.get(row.id) ?? [],
    timeline: events.map((event) => ({
      at: event.createdAt.toISOString(),
      kind: event.kind as TimelineKind,
      params: event.params as Record<string, string | number>,
    })),
    documents: [
      { kind: 'secci', name: t('advances:secci.title'), url: `${base}/secci/`, hash: null, signed_at: null },
      ...(row.contractFileId
        ? [
            {
              kind: 'contract' as const,
              name: t('advances:contract.title', { id: row.id }),
              url: `${base}/contract/`,
              hash: row.documentHash,
              signed_at: row.signedAt?.toISOString() ?? null,
            },
          ]
        : []),
    ],
    signed_at: row.signedAt?.toISOString() ?? null,
    withdrawal_deadline: deadline,
    can_withdraw: canWithdraw,
    pending_repayment: pending[0]
      ? { id: pending[0].id, amount: eur(pending[0].amount), created_at: pending[0].createdAt.toISOString() }
      : null,
    margin_call: call
      ? {
          id: call.id,
          advance_id: row.id,
          opened_at: call.openedAt.toISOString(),
          closed_at: null,
          outstanding: eur(call.outstanding),
          limit: eur(call.limitAmount),
          shortfall: eur(call.shortfall),
          collateral_to_add: eur(call.collateralToAdd),
        }
      : null,
    allowed_actions: allowedActions(row.status as AdvanceStatus, reader.actor),
    reason: row.reason,
    creditworthiness:
      reader.actor === 'operator'
        ? {
            income_band: row.incomeBand,
            occupation: row.occupation,
            yearly_interest: eur(yearly),
            interest_to_income: row.incomeRatio,
            maximum_ratio: MAX_CREDIT_INCOME_RATIO,
            flagged: row.flagged,
            review,
          }
        : null,
    credit_assessment: reader.actor === 'customer' ? assessmentOf(row, review) : null,
    customer: account
      ? {
          id: row.userId,
          email: account.email,
          full_name: [account.firstName, account.lastName].filter(Boolean).join(' ') || null,
        }
      : null,
  };
}

/**
 * The advance as its page shows it to the customer who asks (anyone else's answers 404), read in `db`: the
 * request's transaction when the request changed it.
 */
export async function customerDetail(
  request: FastifyRequest,
  id: number,
  db: Queryable = request.server.database.db,
): Promise<AdvanceDetail> {
  const row = await findAdvance(db, id, { userId: currentUser(request).id });
  return advanceDetail(db, row, {
    actor: 'customer',
    t: request.t,
    language: request.language,
    now: request.server.clock(),
  });
}

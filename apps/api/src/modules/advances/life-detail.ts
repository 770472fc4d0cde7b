// The advance as the customer's answers to repayments, withdrawal and swap show it.
import { type AdvanceStatus, advanceStatusName, allowedActions } from '@lombard/shared/advance-status';
import type { AdvanceDetail, TimelineKind } from '@lombard/shared/schemas/advances';
import Decimal from 'decimal.js';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client';
import { advanceEvents, advanceInstalments, advanceRepayments, advances } from '../../db/schema/advances';
import { currentUser } from '../../lib/auth-guards';
import { AppError } from '../../lib/errors';
import { collateralOf } from './collateral';
import { openMarginCall } from './margin-calls';
import { withdrawalDeadline } from './withdrawal';

const eur = (value: Decimal.Value) => new Decimal(value).toFixed(2);

export async function advanceDetailFor(db: Queryable, request: FastifyRequest, id: number): Promise<AdvanceDetail> {
  const t = request.t;
  const [row] = await db
    .select()
    .from(advances)
    .where(and(eq(advances.id, id), eq(advances.userId, currentUser(request).id)));
  if (!row) throw new AppError('NOT_FOUND');
  const [instalments, events, collateral, pending, call] = await Promise.all([
    db
      .select()
      .from(advanceInstalments)
      .where(eq(advanceInstalments.advanceId, id))
      .orderBy(asc(advanceInstalments.number)),
    db.select().from(advanceEvents).where(eq(advanceEvents.advanceId, id)).orderBy(asc(advanceEvents.id)),
    collateralOf(db, [id], t),
    db
      .select()
      .from(advanceRepayments)
      .where(and(eq(advanceRepayments.advanceId, id), eq(advanceRepayments.status, 'pending'))),
    openMarginCall(db, id),
  ]);
  const status = row.status as AdvanceStatus;
  const deadline = withdrawalDeadline(row);
  return {
    id: row.id,
    status,
    status_name: advanceStatusName(status),
    amount: eur(row.amount),
    outstanding: eur(row.outstanding),
    instalments_count: row.instalments,
    annual_rate: row.annualRate,
    apr: row.apr,
    created_at: row.createdAt.toISOString(),
    disbursed_at: row.disbursedAt?.toISOString() ?? null,
    maturity_date: instalments.at(-1)?.dueDate ?? null,
    paid_back: row.disbursedAt ? eur(new Decimal(row.amount).minus(row.outstanding)) : '0.00',
    total_interest: eur(instalments.reduce((sum, item) => sum.plus(item.interest), new Decimal(0))),
    instalments: instalments.map((item) => ({
      number: item.number,
      due_date: item.dueDate,
      interest: eur(item.interest),
      principal: eur(item.principal),
      total: eur(new Decimal(item.interest).plus(item.principal)),
      state: item.state as 'scheduled' | 'paid' | 'overdue',
      paid_at: item.paidAt?.toISOString() ?? null,
    })),
    collateral: collateral.get(id) ?? [],
    timeline: events.map((event) => ({
      at: event.createdAt.toISOString(),
      kind: event.kind as TimelineKind,
      text: t(`advance-life:timeline.${event.kind}`, event.params as Record<string, string>),
    })),
    documents: [],
    signed_at: row.signedAt?.toISOString() ?? null,
    withdrawal_deadline: deadline,
    can_withdraw:
      deadline !== null && [3, 4, 5].includes(status) && request.server.clock() <= new Date(`${deadline}T23:59:59Z`),
    pending_repayment: pending[0]
      ? { id: pending[0].id, amount: eur(pending[0].amount), created_at: pending[0].createdAt.toISOString() }
      : null,
    margin_call: call,
    allowed_actions: allowedActions(status, 'customer'),
    reason: row.reason,
    creditworthiness: null,
  };
}

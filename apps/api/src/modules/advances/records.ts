// The advance row and the one way its status changes: the shared transition table decides, the row, a
// timeline event, the audit log (operators) and the customer's notification and e-mail change together.
import {
  ADVANCE_STATUS,
  type AdvanceAction,
  type AdvanceActor,
  type AdvanceStatus,
  advanceStatusName,
  nextStatus,
} from '@lombard/shared/advance-status';
import type { TimelineKind } from '@lombard/shared/schemas/advances';
import { and, eq } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db/client';
import { advanceEvents, advances } from '../../db/schema/advances';
import { AppError, notFound } from '../../lib/errors';
import type { FlowContext } from '../../lib/flow-context';
import { formatMoney } from '../../lib/format';
import { translator } from '../../lib/i18n';
import { queueEmail, renderEmail } from '../../lib/outbox';
import { recordAudit } from '../../lib/resource/audit';
import { getAccount } from '../account/service';
import { notifyUser } from '../notifications/service';

export type AdvanceRow = typeof advances.$inferSelect;

/** An advance by id; with `userId`, only that customer's (anyone else's answers 404). */
export async function findAdvance(
  db: Queryable,
  id: number,
  options: { userId?: number; lock?: boolean } = {},
): Promise<AdvanceRow> {
  const where =
    options.userId === undefined ? eq(advances.id, id) : and(eq(advances.id, id), eq(advances.userId, options.userId));
  const query = db.select().from(advances).where(where);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/**
 * The advance, locked until the transaction ends: interest, repayments, withdrawal and swap of one advance
 * run one after the other. With a user, someone else's advance is not found.
 */
export async function lockAdvance(tx: Transaction, id: number, userId?: number): Promise<AdvanceRow> {
  const [row] = await tx
    .select()
    .from(advances)
    .where(userId === undefined ? eq(advances.id, id) : and(eq(advances.id, id), eq(advances.userId, userId)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function addEvent(
  tx: Queryable,
  advanceId: number,
  kind: TimelineKind,
  params: Record<string, string | number>,
  actorId: number | null,
  at: Date,
) {
  await tx.insert(advanceEvents).values({ advanceId, kind, params, actorId, createdAt: at });
}

/** The status name in a language, e.g. "Ready to be signed". */
export const statusLabel = (status: number, t: (key: string) => string) =>
  t(`advances:statuses.${advanceStatusName(status as AdvanceStatus)}`);

/** Refuses (409) an action the transition table does not allow from the advance's status. */
export function assertAllowed(row: AdvanceRow, action: AdvanceAction, actor: AdvanceActor, t: (key: string) => string) {
  if (nextStatus(row.status as AdvanceStatus, action, actor) === null) {
    throw new AppError('ADVANCE_TRANSITION_NOT_ALLOWED', { params: { status: statusLabel(row.status, t) } });
  }
}

export interface Transition {
  action: AdvanceAction;
  actor: AdvanceActor;
  event: TimelineKind;
  eventParams?: Record<string, string | number>;
  /** Other columns that change with the status (signed_at, reason…). */
  set?: Partial<typeof advances.$inferInsert>;
}

/**
 * Moves a locked advance along the transition table, or refuses with 409 ADVANCE_TRANSITION_NOT_ALLOWED;
 * writes the timeline event, the audit entry of an operator's action and the customer's e-mail.
 */
export async function transition(
  tx: Transaction,
  context: FlowContext,
  row: AdvanceRow,
  change: Transition,
): Promise<AdvanceRow> {
  assertAllowed(row, change.action, change.actor, context.t);
  const to = nextStatus(row.status as AdvanceStatus, change.action, change.actor)!;
  const actorId = change.actor === 'system' ? null : context.actor.id;
  const [updated] = await tx
    .update(advances)
    .set({ ...change.set, status: to, updatedAt: context.now })
    .where(eq(advances.id, row.id))
    .returning();
  await addEvent(tx, row.id, change.event, change.eventParams ?? {}, actorId, context.now);
  if (change.actor === 'operator') {
    await recordAudit(tx, context.actor, {
      action: change.action,
      objectType: 'advances',
      objectId: row.id,
      before: { status: row.status },
      after: { status: to, ...(change.set?.reason ? { reason: change.set.reason } : {}) },
      requestId: context.requestId,
      ip: context.ip,
    });
  }
  await tellCustomerStatus(tx, context, updated!);
  return updated!;
}

/**
 * Tells the customer, in their language, what their advance is now (and why, when it was rejected): an
 * in-app notification linking to the advance, and an e-mail.
 */
export async function tellCustomerStatus(tx: Transaction, context: FlowContext, row: AdvanceRow) {
  const account = await getAccount(tx, row.userId);
  if (!account) return;
  const t = translator(account.language);
  const status = statusLabel(row.status, t);
  const amount = formatMoney(row.amount, account.language);
  const rejected = row.status === ADVANCE_STATUS.rejected && row.reason;
  await notifyUser(tx, {
    userId: row.userId,
    kind: rejected ? 'advance_rejected' : 'advance_status_changed',
    params: { reference: String(row.id), amount, status, ...(rejected ? { reason: row.reason! } : {}) },
    link: `/customer/loan/${row.id}/`,
  });
  const content = renderEmail({
    greeting: account.firstName ? t('emails:greeting', { name: account.firstName }) : t('emails:greetingAnonymous'),
    paragraphs: [
      t('advances:email.body', { amount, status }),
      ...(row.reason ? [t('advances:email.reason', { reason: row.reason })] : []),
    ],
    action: { label: t('advances:email.action'), url: `${context.publicUrl}/customer/loan/` },
    footer: t('emails:footer', { supportEmail: context.supportEmail }),
  });
  await queueEmail(tx, {
    to: account.email,
    template: 'advance_status',
    language: account.language,
    subject: t('advances:email.subject', { status }),
    ...content,
    meta: { advance_id: row.id, status: row.status },
  });
}

// A human review of the creditworthiness assessment (Directive (EU) 2023/2225). The assessment
// (request-service.ts `creditworthiness`) flags a request whose yearly interest is above
// MAX_CREDIT_INCOME_RATIO of the declared income, or that has no income to compare with. The customer is
// told on the advance's page, may ask once for a person to review it (with a message), and an operator
// records the outcome with an explanation: the customer is told in the app and by e-mail. Every step is
// audited; a revised assessment lifts the flag.
import type { CreditAssessment, CreditReview, CreditReviewDecision } from '@lombard/shared/schemas/credit-review';
import { eq } from 'drizzle-orm';
import { type Queryable, sqlState, type Transaction } from '../../db/client';
import { advanceCreditReviews, advances } from '../../db/schema/advances';
import { AppError } from '../../lib/errors';
import type { FlowContext } from '../../lib/flow-context';
import { recordAudit } from '../../lib/resource/audit';
import { type NoticeSettings, tellCustomer } from './customer-notice';
import { type AdvanceRow, findAdvance } from './records';

/** Statuses in which a review can be asked for: before approval, and after a rejection (to learn why). */
const REVIEWABLE_STATUSES: readonly number[] = [1, 2, 3, 7];

type ReviewRow = typeof advanceCreditReviews.$inferSelect;

const view = (row: ReviewRow): CreditReview => ({
  id: row.id,
  status: row.status as CreditReview['status'],
  message: row.message,
  requested_at: row.requestedAt.toISOString(),
  outcome: (row.outcome as CreditReview['outcome']) ?? null,
  explanation: row.explanation,
  decided_at: row.decidedAt?.toISOString() ?? null,
});

export async function creditReviewOf(db: Queryable, advanceId: number): Promise<CreditReview | null> {
  const [row] = await db.select().from(advanceCreditReviews).where(eq(advanceCreditReviews.advanceId, advanceId));
  return row ? view(row) : null;
}

/** What the customer is told of the assessment; the review stays shown once asked for, flagged or not. */
export function assessmentOf(row: AdvanceRow, review: CreditReview | null): CreditAssessment {
  return {
    flagged: row.flagged,
    can_request_review: row.flagged && review === null && REVIEWABLE_STATUSES.includes(row.status),
    review,
  };
}

export async function requestCreditReview(
  tx: Transaction,
  context: FlowContext,
  userId: number,
  id: number,
  message: string | undefined,
): Promise<void> {
  const row = await findAdvance(tx, id, { userId, lock: true });
  if (!row.flagged || !REVIEWABLE_STATUSES.includes(row.status)) throw new AppError('CREDIT_REVIEW_NOT_AVAILABLE');
  if (await creditReviewOf(tx, id)) throw new AppError('CREDIT_REVIEW_ALREADY_REQUESTED');
  try {
    await tx.insert(advanceCreditReviews).values({
      advanceId: id,
      message: message ?? null,
      status: 'requested',
      requestedAt: context.now,
    });
  } catch (error) {
    // Two requests at once: the unique index lets one through.
    if (sqlState(error) === '23505') throw new AppError('CREDIT_REVIEW_ALREADY_REQUESTED');
    throw error;
  }
  await recordAudit(tx, context.actor, {
    action: 'credit_review_request',
    objectType: 'advances',
    objectId: id,
    after: { message: message ?? null },
    requestId: context.requestId,
    ip: context.ip,
  });
}

export async function decideCreditReview(
  tx: Transaction,
  context: FlowContext,
  settings: NoticeSettings,
  id: number,
  decision: CreditReviewDecision,
): Promise<void> {
  const row = await findAdvance(tx, id, { lock: true });
  const [review] = await tx
    .select()
    .from(advanceCreditReviews)
    .where(eq(advanceCreditReviews.advanceId, id))
    .for('update');
  if (review?.status !== 'requested') throw new AppError('CREDIT_REVIEW_NOT_PENDING');
  await tx
    .update(advanceCreditReviews)
    .set({
      status: 'decided',
      outcome: decision.outcome,
      explanation: decision.explanation,
      decidedBy: context.actor.id,
      decidedAt: context.now,
    })
    .where(eq(advanceCreditReviews.id, review.id));
  // A revised assessment no longer holds the request up for the flag.
  if (decision.outcome === 'revised') {
    await tx.update(advances).set({ flagged: false, updatedAt: context.now }).where(eq(advances.id, id));
  }
  await recordAudit(tx, context.actor, {
    action: 'credit_review_decision',
    objectType: 'advances',
    objectId: id,
    before: { flagged: row.flagged, review: 'requested' },
    after: { flagged: decision.outcome === 'revised' ? false : row.flagged, ...decision },
    requestId: context.requestId,
    ip: context.ip,
  });
  await tellCustomer(tx, settings, {
    userId: row.userId,
    advanceId: id,
    notification: 'credit_review_decided',
    notice: decision.outcome === 'revised' ? 'creditReviewRevised' : 'creditReviewUpheld',
    params: () => ({ reference: String(id), explanation: decision.explanation }),
  });
}

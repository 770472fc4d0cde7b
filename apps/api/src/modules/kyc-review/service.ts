// The operators' KYC review: the queue, one person's data with their documents, and the decision on a
// step. Approving the last step makes a base user a lead, tells them by e-mail and is audited like every
// decision.
import { DEFAULT_PER_PAGE } from '@lombard/shared/constants';
import type { Profile } from '@lombard/shared/permissions';
import { PROFILE_STEPS, type ProfileStep } from '@lombard/shared/profile-steps';
import type { ListResponse } from '@lombard/shared/schemas/common';
import type { KycDecision, KycReviewDetail, KycReviewItem } from '@lombard/shared/schemas/kyc-review';
import type { AppConfig } from '../../config';
import { type Database, inTransaction, type Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Translate } from '../../lib/i18n';
import { type AuditActor, recordAudit } from '../../lib/resource/audit';
import { getAccount, setProfiles } from '../account/service';
import { listDocuments } from '../documents/service';
import { latestResult } from '../mifid/service';
import {
  accountsSharingIban,
  decideStep,
  profileProgress,
  profileView,
  reviewQueue,
  stepDataComplete,
} from '../profile/service';
import { sendProfileApprovedEmail } from './emails';

export async function kycQueue(
  db: Queryable,
  query: { step?: ProfileStep; search?: string; page?: number; per_page?: number },
): Promise<ListResponse<KycReviewItem>> {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  const { rows, count } = await reviewQueue(db, { step: query.step, search: query.search, page, perPage });
  return {
    results: rows.map((r) => ({
      user_id: r.userId,
      email: r.email,
      full_name: [r.firstName, r.lastName].filter(Boolean).join(' '),
      attributes: r.attributes as Profile[],
      submitted_steps: PROFILE_STEPS.filter((s) => r.steps.includes(s)),
      submitted_at: new Date(r.oldest).toISOString(),
    })),
    count,
    next: page * perPage < count ? page + 1 : null,
    previous: page > 1 ? page - 1 : null,
    per_page: perPage,
    page,
  };
}

export async function kycDetail(db: Queryable, userId: number, t: Translate): Promise<KycReviewDetail> {
  const account = await getAccount(db, userId);
  if (!account) throw new AppError('NOT_FOUND');
  return {
    user: {
      id: account.id,
      email: account.email,
      first_name: account.firstName,
      last_name: account.lastName,
      attributes: account.attributes,
      language: account.language,
      created_at: account.createdAt.toISOString(),
    },
    profile: await profileView(db, userId, await latestResult(db, userId, t)),
    documents: await listDocuments(db, userId),
    iban_shared_with: await accountsSharingIban(db, userId),
  };
}

/** Whether what an operator would approve is all there: the tab's data, or both KYC documents. */
async function complete(db: Queryable, userId: number, step: ProfileStep): Promise<boolean> {
  if (step !== 'kyc') return stepDataComplete(db, userId, step);
  const current = (await listDocuments(db, userId)).filter((d) => d.status === 'active');
  return current.some((d) => d.kind === 'identity_document') && current.some((d) => d.kind === 'address_proof');
}

/** A base user whose every step is approved becomes a lead (other profiles are kept). */
function promoted(attributes: Profile[]): Profile[] | null {
  if (!attributes.includes('base') || attributes.includes('lead')) return null;
  return ['lead', ...attributes.filter((a) => a !== 'base')];
}

export async function decide(
  db: Database,
  config: AppConfig,
  input: {
    operator: AuditActor;
    userId: number;
    step: ProfileStep;
    decision: 'approve' | 'reject';
    reason?: string;
    now: Date;
    requestId?: string;
    ip?: string;
  },
  t: Translate,
): Promise<KycDecision> {
  return inTransaction(db, async (tx) => {
    const account = await getAccount(tx, input.userId);
    if (!account) throw new AppError('NOT_FOUND');
    const before = await profileProgress(tx, input.userId);
    await decideStep(tx, {
      userId: input.userId,
      step: input.step,
      decision: input.decision,
      reason: input.reason,
      operatorId: input.operator.id,
      complete: input.decision === 'reject' || (await complete(tx, input.userId, input.step)),
      now: input.now,
    });
    const progress = await profileProgress(tx, input.userId);
    const audit = { requestId: input.requestId, ip: input.ip, objectType: 'profile.steps', objectId: input.userId };
    await recordAudit(tx, input.operator, {
      ...audit,
      action: input.decision,
      before: before.steps.find((s) => s.step === input.step),
      after: progress.steps.find((s) => s.step === input.step),
    });
    let attributes = account.attributes;
    const next = progress.approved ? promoted(attributes) : null;
    if (next) {
      await setProfiles(tx, input.userId, next);
      await recordAudit(tx, input.operator, {
        ...audit,
        action: 'promote',
        objectType: 'users.profiles',
        before: { attributes },
        after: { attributes: next },
      });
      attributes = next;
      await sendProfileApprovedEmail(tx, {
        to: account.email,
        language: account.language,
        firstName: account.firstName,
        url: `${config.publicUrl}/`,
        supportEmail: config.supportEmail,
      });
    }
    return {
      detail: t(input.decision === 'approve' ? 'profile:stepApproved' : 'profile:stepRejected'),
      progress,
      attributes,
    };
  });
}

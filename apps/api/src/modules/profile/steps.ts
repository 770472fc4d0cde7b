// Where each person stands on each profile step and the saved data of each tab: the rows that the
// service (operators' decisions, the views), the tabs (tabs.ts) and the phone check (phone.ts) write.
import { type ProfileStep, SELF_APPROVED_STEPS } from '@lombard/shared/profile-steps';
import type { StepStatus } from '@lombard/shared/schemas/profile-views';
import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { profileSteps, profileTabs } from '../../db/schema/profile';

/** The stored tabs; `phone` holds the number and whether it was verified. */
export const PROFILE_TAB_KEYS = [
  'citizenship',
  'identity',
  'addresses',
  'phone',
  'occupation',
  'bank-account',
] as const;
export type ProfileTabKey = (typeof PROFILE_TAB_KEYS)[number];

export async function writeStep(
  tx: Queryable,
  userId: number,
  step: ProfileStep,
  values: { status: StepStatus; reason?: string | null; reviewedBy?: number | null; submittedAt?: Date },
  now: Date,
) {
  const row = {
    status: values.status,
    reason: values.reason ?? null,
    reviewedBy: values.reviewedBy ?? null,
    updatedAt: now,
    ...(values.submittedAt ? { submittedAt: values.submittedAt } : {}),
  };
  await tx
    .insert(profileSteps)
    .values({ userId, step, ...row })
    .onConflictDoUpdate({ target: [profileSteps.userId, profileSteps.step], set: row });
}

/** The person saved complete data for a step: it waits for an operator (the rejection reason is cleared). */
export async function submitStep(tx: Queryable, userId: number, step: ProfileStep, now = new Date()): Promise<void> {
  await writeStep(tx, userId, step, { status: 'submitted', submittedAt: now }, now);
}

/** A step the person completes alone (verified phone, answered questionnaire) is approved at once. */
export async function completeOwnStep(tx: Queryable, userId: number, step: ProfileStep, now = new Date()) {
  if (!SELF_APPROVED_STEPS.includes(step)) throw new Error(`${step} is reviewed by an operator`);
  await writeStep(tx, userId, step, { status: 'approved', submittedAt: now }, now);
}

/** The step must be done again (e.g. a new phone number not yet verified). */
export async function resetStep(tx: Queryable, userId: number, step: ProfileStep, now = new Date()) {
  await writeStep(tx, userId, step, { status: 'todo' }, now);
}

export async function stepStatus(db: Queryable, userId: number, step: ProfileStep): Promise<StepStatus> {
  const [row] = await db
    .select({ status: profileSteps.status })
    .from(profileSteps)
    .where(and(eq(profileSteps.userId, userId), eq(profileSteps.step, step)));
  return (row?.status as StepStatus | undefined) ?? 'todo';
}

/** The saved data of some tabs (all when none are named), as saved. */
export async function readTabs(
  db: Queryable,
  userId: number,
  tabs: readonly ProfileTabKey[] = PROFILE_TAB_KEYS,
): Promise<Partial<Record<ProfileTabKey, unknown>>> {
  const rows = await db
    .select({ tab: profileTabs.tab, data: profileTabs.data })
    .from(profileTabs)
    .where(and(eq(profileTabs.userId, userId), inArray(profileTabs.tab, [...tabs])));
  return Object.fromEntries(rows.map((r) => [r.tab, r.data]));
}

export async function writeTab(tx: Queryable, userId: number, tab: ProfileTabKey, data: unknown, now = new Date()) {
  await tx
    .insert(profileTabs)
    .values({ userId, tab, data, updatedAt: now })
    .onConflictDoUpdate({ target: [profileTabs.userId, profileTabs.tab], set: { data, updatedAt: now } });
}

export interface BankAccountData {
  iban: string;
  holder_name: string;
}

// The profile module's face: the operators' decisions, the views of a profile, and what other modules and
// the seed use of steps.ts (the step and tab rows: documents submits the kyc step, mifid approves its own),
// tabs.ts (a tab saved as its form does) and phone.ts (the number's one-time code).
import { PROFILE_STEPS, type ProfileStep } from '@lombard/shared/profile-steps';
import type { MifidResult } from '@lombard/shared/schemas/mifid';
import {
  addressesSchema,
  bankAccountSchema,
  bankNameFromIban,
  citizenshipSchema,
  identitySchema,
  type OccupationData,
  occupationSchema,
} from '@lombard/shared/schemas/profile';
import type { PhoneState, ProfileProgress, ProfileView, StepStatus } from '@lombard/shared/schemas/profile-views';
import { and, asc, eq, ilike, ne, or, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { profileSettings, profileSteps, profileTabs } from '../../db/schema/profile';
import { AppError } from '../../lib/errors';
import { operatorUserView } from '../account/service';
import { partnerNames } from '../partners/service';
import { type BankAccountData, type ProfileTabKey, readTabs, stepStatus, writeStep } from './steps';

export { PHONE_VERIFICATION_PURPOSE, sendPhoneCode, verifyPhone } from './phone';
export {
  type BankAccountData,
  completeOwnStep,
  PROFILE_TAB_KEYS,
  type ProfileTabKey,
  readTabs,
  resetStep,
  stepStatus,
  submitStep,
  writeTab,
} from './steps';
export { saveAddresses, saveBankAccount, saveCitizenship, saveIdentity, saveOccupation } from './tabs';

/** Every step in order with its status; the next step to do; whether all are approved. */
export async function profileProgress(db: Queryable, userId: number): Promise<ProfileProgress> {
  const rows = await db.select().from(profileSteps).where(eq(profileSteps.userId, userId));
  const byStep = new Map(rows.map((r) => [r.step, r]));
  const steps = PROFILE_STEPS.map((step) => {
    const row = byStep.get(step);
    return {
      step,
      status: (row?.status as StepStatus | undefined) ?? 'todo',
      reason: row?.status === 'rejected' ? row.reason : null,
      updated_at: row ? row.updatedAt.toISOString() : null,
    };
  });
  const next = steps.find((s) => s.status === 'todo' || s.status === 'rejected');
  return { steps, next_step: next?.step ?? null, approved: steps.every((s) => s.status === 'approved') };
}

/**
 * An operator's decision on a submitted step. Only a step waiting for review can be decided; `complete`
 * says whether the data behind it is all there (an approval of incomplete data is refused).
 */
export async function decideStep(
  tx: Queryable,
  input: {
    userId: number;
    step: ProfileStep;
    decision: 'approve' | 'reject';
    reason?: string;
    operatorId: number;
    complete: boolean;
    now?: Date;
  },
): Promise<void> {
  const now = input.now ?? new Date();
  const [row] = await tx
    .select({ status: profileSteps.status })
    .from(profileSteps)
    .where(and(eq(profileSteps.userId, input.userId), eq(profileSteps.step, input.step)))
    .for('update');
  if (row?.status !== 'submitted') throw new AppError('PROFILE_STEP_NOT_SUBMITTED');
  if (input.decision === 'approve' && !input.complete) throw new AppError('PROFILE_STEP_INCOMPLETE');
  await writeStep(
    tx,
    input.userId,
    input.step,
    input.decision === 'approve'
      ? { status: 'approved', reviewedBy: input.operatorId }
      : { status: 'rejected', reason: input.reason ?? null, reviewedBy: input.operatorId },
    now,
  );
}

/**
 * The review queue: people with at least one submitted step, oldest submission first; optionally only those
 * waiting on one step, or whose name or e-mail contains `search`.
 */
export async function reviewQueue(
  db: Queryable,
  query: { step?: ProfileStep; search?: string; page: number; perPage: number },
) {
  const u = operatorUserView.columns;
  const waiting = eq(profileSteps.status, 'submitted');
  const filters = [waiting];
  if (query.step) {
    filters.push(
      sql`exists (select 1 from ${profileSteps} s where s.user_id = ${profileSteps.userId} and s.step = ${query.step} and s.status = 'submitted')`,
    );
  }
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(
      or(
        ilike(u.email, pattern),
        ilike(sql`${u.firstName} || ' ' || ${u.lastName}`, pattern),
        ilike(sql`${u.lastName} || ' ' || ${u.firstName}`, pattern),
      )!,
    );
  }
  const where = and(...filters);
  const oldest = sql<Date>`min(${profileSteps.submittedAt})`;
  const rows = await db
    .select({
      userId: profileSteps.userId,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      attributes: u.attributes,
      steps: sql<string[]>`array_agg(${profileSteps.step})`,
      oldest,
    })
    .from(profileSteps)
    .innerJoin(operatorUserView.table, eq(u.id, profileSteps.userId))
    .where(where)
    .groupBy(profileSteps.userId, u.email, u.firstName, u.lastName, u.attributes)
    .orderBy(asc(oldest), asc(profileSteps.userId))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  const [total] = await db
    .select({ n: sql<number>`count(distinct ${profileSteps.userId})::int` })
    .from(profileSteps)
    .innerJoin(operatorUserView.table, eq(u.id, profileSteps.userId))
    .where(where);
  return { rows, count: total?.n ?? 0 };
}

/** The tab a reviewed step's data lives in (kyc lives in the documents module). */
export const STEP_TABS: Partial<Record<ProfileStep, ProfileTabKey>> = {
  citizenship: 'citizenship',
  identity: 'identity',
  addresses: 'addresses',
  occupation: 'occupation',
  'bank-account': 'bank-account',
  'phone-number': 'phone',
};

/** Whether a step's saved data is all there and still valid by today's rules (before an approval). */
export async function stepDataComplete(db: Queryable, userId: number, step: ProfileStep): Promise<boolean> {
  const tab = STEP_TABS[step];
  if (!tab) return false;
  const data = (await readTabs(db, userId, [tab]))[tab];
  if (data === undefined) return false;
  switch (step) {
    case 'citizenship':
      return citizenshipSchema.safeParse(data).success;
    case 'identity':
      return identitySchema.safeParse(data).success;
    case 'addresses':
      return addressesSchema.safeParse(data).success;
    case 'occupation':
      return occupationSchema.safeParse(data).success;
    case 'bank-account':
      return bankAccountSchema.safeParse(data).success;
    case 'phone-number':
      return (data as PhoneState).verified === true;
    default:
      return false;
  }
}

/** Every tab's saved data (null where empty), the progress, and the MiFID result given by the caller. */
export async function profileView(db: Queryable, userId: number, mifid: MifidResult | null): Promise<ProfileView> {
  const tabs = await readTabs(db, userId);
  const occupation = tabs.occupation as OccupationData | undefined;
  const partnerId = occupation?.employer_partner_id ?? null;
  const partners = partnerId === null ? new Map<number, string>() : await partnerNames(db, [partnerId]);
  const bank = tabs['bank-account'] as BankAccountData | undefined;
  return {
    citizenship: (tabs.citizenship as ProfileView['citizenship']) ?? null,
    identity: (tabs.identity as ProfileView['identity']) ?? null,
    addresses: (tabs.addresses as ProfileView['addresses']) ?? null,
    phone: (tabs.phone as PhoneState | undefined) ?? null,
    occupation: occupation
      ? { ...occupation, employer_partner_name: partnerId === null ? null : (partners.get(partnerId) ?? null) }
      : null,
    bank_account: bank ? { ...bank, bank_name: bankNameFromIban(bank.iban) } : null,
    mifid,
    progress: await profileProgress(db, userId),
  };
}

/**
 * Whether a withdrawal can be paid (see `approvedBankAccount`), as an SQL expression, so that a flow asks it
 * in a statement it sends anyway.
 */
export function hasApprovedBankAccount(userId: number) {
  return sql<boolean>`(exists (select 1 from ${profileSteps} where ${profileSteps.userId} = ${userId}
    and ${profileSteps.step} = 'bank-account' and ${profileSteps.status} = 'approved')
    and exists (select 1 from ${profileTabs} where ${profileTabs.userId} = ${userId}
    and ${profileTabs.tab} = 'bank-account' and jsonb_typeof(${profileTabs.data}) = 'object'))`;
}

/**
 * The bank account a user's withdrawals are paid to (see `approvedBankAccount`), as an SQL expression, for
 * a list that shows it beside each row: null until an operator approved the step. `userId` names the outer
 * query's column with its table (`table.user_id`): this subquery's own tables have a `user_id` too.
 */
export function approvedBankAccountOf(userId: SQLWrapper) {
  return sql<BankAccountData | null>`(select jsonb_build_object('iban', bank.data->>'iban',
    'holder_name', bank.data->>'holder_name')
    from ${profileTabs} bank join ${profileSteps} step on step.user_id = bank.user_id
      and step.step = 'bank-account' and step.status = 'approved'
    where bank.user_id = ${userId} and bank.tab = 'bank-account' and jsonb_typeof(bank.data) = 'object')`;
}

/** The bank account withdrawals are paid to: only once an operator approved the step. */
export async function approvedBankAccount(
  db: Queryable,
  userId: number,
): Promise<(BankAccountData & { bank_name: string | null }) | null> {
  if ((await stepStatus(db, userId, 'bank-account')) !== 'approved') return null;
  const bank = (await readTabs(db, userId, ['bank-account']))['bank-account'] as BankAccountData | undefined;
  return bank ? { ...bank, bank_name: bankNameFromIban(bank.iban) } : null;
}

/**
 * Other people whose saved bank account has this person's IBAN. It is not refused (a joint account is
 * legitimate) but an operator reviewing the step is shown it: one IBAN on two accounts may be one person
 * with two accounts, or someone paying withdrawals into another's account.
 */
export async function accountsSharingIban(db: Queryable, userId: number): Promise<{ id: number; email: string }[]> {
  const u = operatorUserView.table;
  const normalised = (data: typeof profileTabs.data) => sql`upper(replace(${data}->>'iban', ' ', ''))`;
  const mine = db
    .select({ iban: normalised(profileTabs.data) })
    .from(profileTabs)
    .where(and(eq(profileTabs.userId, userId), eq(profileTabs.tab, 'bank-account')));
  const rows = await db
    .select({ id: u.id, email: u.email })
    .from(profileTabs)
    .innerJoin(u, eq(u.id, profileTabs.userId))
    .where(
      and(
        eq(profileTabs.tab, 'bank-account'),
        ne(profileTabs.userId, userId),
        sql`${normalised(profileTabs.data)} = (${mine})`,
      ),
    )
    .orderBy(asc(u.id))
    .limit(20);
  return rows.map((row) => ({ id: row.id, email: row.email ?? '' }));
}

/** The verified phone number one-time codes go to, or null. */
export async function verifiedPhone(db: Queryable, userId: number): Promise<string | null> {
  const phone = (await readTabs(db, userId, ['phone'])).phone as PhoneState | undefined;
  return phone?.verified ? phone.phone : null;
}

/** Every tab's saved data, every step's review and the preferences (consents) of a user, as stored. */
export async function profileRecords(db: Queryable, userId: number) {
  const [tabs, steps, settings] = await Promise.all([
    db.select().from(profileTabs).where(eq(profileTabs.userId, userId)),
    db.select().from(profileSteps).where(eq(profileSteps.userId, userId)),
    db.select().from(profileSettings).where(eq(profileSettings.userId, userId)),
  ]);
  return { tabs, steps, settings: settings[0] ?? null };
}

/** The tabs that identify a person for anti-money-laundering purposes: kept, apart, after closure. */
const IDENTIFICATION_TABS = ['citizenship', 'identity'];

/**
 * Erases a closing account's profile: every tab (addresses, phone, occupation, IBAN, identity) and the
 * preferences. Answers the identification tabs' data, which the caller keeps for as long as the law says.
 * The steps' review outcomes stay: they record that the customer was identified and by whom.
 */
export async function eraseProfile(tx: Queryable, userId: number): Promise<Record<string, unknown>> {
  const tabs = await tx.delete(profileTabs).where(eq(profileTabs.userId, userId)).returning();
  await tx.delete(profileSettings).where(eq(profileSettings.userId, userId));
  return Object.fromEntries(
    tabs.filter((row) => IDENTIFICATION_TABS.includes(row.tab)).map((row) => [row.tab, row.data]),
  );
}

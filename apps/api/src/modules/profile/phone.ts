// Phone verification: a one-time code goes by SMS to the number and the right code marks it verified and
// approves the step. The first number is saved unverified at once. Replacing a verified one is first
// confirmed with the customer's strongest factor, bound to the new number (docs/decisions/043): by SMS,
// that factor is the verified number itself. Then the new number proves it is the customer's with its
// own code, the verified one staying in use (`changing_to`) until that code is typed.
import type { Language } from '@lombard/shared/locale';
import type { ActConfirmation, PendingConfirmation } from '@lombard/shared/schemas/authenticator';
import type { PhoneState } from '@lombard/shared/schemas/profile-views';
import { type Database, inTransaction, type Queryable, type Transaction } from '../../db/client';
import { type ActConfirmations, confirmedChange } from '../../lib/act-confirmations';
import { AppError } from '../../lib/errors';
import type { FlowContext } from '../../lib/flow-context';
import { translator } from '../../lib/i18n';
import { assertVerified, issueCode, verifyCode } from '../../lib/one-time-code/codes';
import { completeOwnStep, readTabs, resetStep, writeTab } from './steps';

export const PHONE_VERIFICATION_PURPOSE = 'phone_verification';

const savedPhone = async (db: Queryable, userId: number) =>
  (await readTabs(db, userId, ['phone'])).phone as PhoneState | undefined;

/** A change of a verified number not yet confirmed: a new number, other than one already confirmed. */
const unconfirmedChange = (saved: PhoneState | undefined, phone: string) =>
  Boolean(saved?.verified && saved.phone !== phone && saved.changing_to !== phone);

interface PhoneCodeInput {
  userId: number;
  phone: string;
  language: Language;
  now: Date;
}

/** Sends the code for a first number, or for the verified one again (the seed's way: nothing to confirm). */
export async function sendPhoneCode(db: Database, input: PhoneCodeInput): Promise<{ expiresAt: Date }> {
  return inTransaction(db, (tx) => issuePhoneCode(tx, input, false));
}

/**
 * The customer's request for a code: for a new number replacing a verified one, the first call answers
 * the confirmation to give (`pending`) and nothing is sent; the one carrying it sends the code.
 */
export async function changePhone(
  acts: ActConfirmations,
  db: Database,
  context: FlowContext,
  input: Omit<PhoneCodeInput, 'now'> & { confirmation?: ActConfirmation | undefined },
): Promise<{ pending: PendingConfirmation } | { expiresAt: Date }> {
  const { userId, phone } = input;
  const change = {
    userId,
    purpose: 'phone-change' as const,
    needed: unconfirmedChange(await savedPhone(db, userId), phone),
    payload: { phone },
    value: phone,
  };
  const done = await confirmedChange(acts, db, context, change, input.confirmation, (tx, confirmed) =>
    issuePhoneCode(tx, { ...input, now: context.now }, confirmed),
  );
  return 'pending' in done ? done : done.done;
}

/**
 * Sends the code to the number and saves it: a first one unverified, a new one beside the verified one
 * (`changing_to`, the change confirmed), the verified one again as it is.
 */
async function issuePhoneCode(tx: Transaction, input: PhoneCodeInput, confirmed: boolean) {
  const { userId, phone, now } = input;
  const saved = await savedPhone(tx, userId);
  // A number verified meanwhile by another request: replacing it wants a confirmation this one has not.
  if (!confirmed && unconfirmedChange(saved, phone)) throw new AppError('SIGNATURE_FAILED');
  const { expiresAt } = await issueCode(tx, {
    userId,
    purpose: PHONE_VERIFICATION_PURPOSE,
    payload: { phone },
    now,
    sms: {
      to: phone,
      language: input.language,
      template: PHONE_VERIFICATION_PURPOSE,
      text: (code) => translator(input.language)('profile:phoneCodeSms', { code }),
    },
  });
  if (saved?.verified && saved.phone !== phone) {
    await writeTab(tx, userId, 'phone', { phone: saved.phone, verified: true, changing_to: phone }, now);
  } else if (saved?.verified) {
    // The verified number again: a change waiting for its code is given up.
    if (saved.changing_to) await writeTab(tx, userId, 'phone', { phone, verified: true }, now);
  } else if (saved?.phone !== phone) {
    await writeTab(tx, userId, 'phone', { phone, verified: false }, now);
    await resetStep(tx, userId, 'phone-number', now);
  }
  return { expiresAt };
}

export async function verifyPhone(db: Queryable, input: { userId: number; code: string; now: Date }): Promise<void> {
  const outcome = await (db as Database).transaction(async (tx) => {
    const saved = await savedPhone(tx, input.userId);
    if (!saved) throw new AppError('PHONE_NUMBER_MISSING');
    const phone = saved.changing_to ?? saved.phone;
    const result = await verifyCode(tx, {
      userId: input.userId,
      purpose: PHONE_VERIFICATION_PURPOSE,
      payload: { phone },
      code: input.code,
      now: input.now,
    });
    if (result.status === 'verified') {
      await writeTab(tx, input.userId, 'phone', { phone, verified: true }, input.now);
      await completeOwnStep(tx, input.userId, 'phone-number', input.now);
    }
    return result;
  });
  // Refused only now, so that the counted attempt is committed.
  assertVerified(outcome);
}

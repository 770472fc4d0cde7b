// Phone verification: the number is saved unverified and a one-time code goes to it by SMS; the right
// code marks it verified and approves the step. Changing the number means verifying again.
import type { Language } from '@lombard/shared/locale';
import type { PhoneState } from '@lombard/shared/schemas/profile-views';
import type { Database, Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { translator } from '../../lib/i18n';
import { assertVerified, issueCode, verifyCode } from '../../lib/one-time-code/codes';
import { completeOwnStep, readTabs, resetStep, writeTab } from './steps';

export const PHONE_VERIFICATION_PURPOSE = 'phone_verification';

export async function sendPhoneCode(
  db: Queryable,
  input: { userId: number; phone: string; language: Language; now: Date },
): Promise<{ expiresAt: Date }> {
  return (db as Database).transaction(async (tx) => {
    const saved = (await readTabs(tx, input.userId, ['phone'])).phone as PhoneState | undefined;
    const { expiresAt } = await issueCode(tx, {
      userId: input.userId,
      purpose: PHONE_VERIFICATION_PURPOSE,
      payload: { phone: input.phone },
      now: input.now,
      sms: {
        to: input.phone,
        language: input.language,
        template: PHONE_VERIFICATION_PURPOSE,
        text: (code) => translator(input.language)('profile:phoneCodeSms', { code }),
      },
    });
    if (saved?.phone !== input.phone || !saved.verified) {
      await writeTab(tx, input.userId, 'phone', { phone: input.phone, verified: false }, input.now);
      await resetStep(tx, input.userId, 'phone-number', input.now);
    }
    return { expiresAt };
  });
}

export async function verifyPhone(db: Queryable, input: { userId: number; code: string; now: Date }): Promise<void> {
  const outcome = await (db as Database).transaction(async (tx) => {
    const saved = (await readTabs(tx, input.userId, ['phone'])).phone as PhoneState | undefined;
    if (!saved) throw new AppError('PHONE_NUMBER_MISSING');
    const result = await verifyCode(tx, {
      userId: input.userId,
      purpose: PHONE_VERIFICATION_PURPOSE,
      payload: { phone: saved.phone },
      code: input.code,
      now: input.now,
    });
    if (result.status === 'verified') {
      await writeTab(tx, input.userId, 'phone', { phone: saved.phone, verified: true }, input.now);
      await completeOwnStep(tx, input.userId, 'phone-number', input.now);
    }
    return result;
  });
  // Refused only now, so that the counted attempt is committed.
  assertVerified(outcome);
}

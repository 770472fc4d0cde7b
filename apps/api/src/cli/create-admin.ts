// The first operator of a real deployment (no demo accounts there): an activated user with the admin
// profile, made through the account service, with a password the registration would accept.
import { VALIDATION_MESSAGES as V } from '@lombard/shared/errors';
import type { Language } from '@lombard/shared/locale';
import { checkPassword } from '@lombard/shared/password-strength';
import { emailSchema, languageSchema, NAME_MAX_LENGTH, newPasswordSchema } from '@lombard/shared/schemas/auth';
import { text } from '@lombard/shared/schemas/text';
import { z } from 'zod';
import type { Database } from '../db/client';
import { AppError, issuesToFields } from '../lib/errors';
import type { Translate } from '../lib/i18n';
import { createActiveUser } from '../modules/account/service';

const optionalName = text().trim().max(NAME_MAX_LENGTH, { error: V.maxLength }).optional();

const adminInputSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  firstName: optionalName,
  lastName: optionalName,
  language: languageSchema,
});

export interface AdminInput {
  email: string;
  password: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  language: Language;
}

export type CreateAdminResult =
  | { ok: true; id: number; email: string }
  /** Translated messages per option (`email`, `password`, …), ready to print. */
  | { ok: false; errors: Record<string, string[]> };

type CheckedInput = z.output<typeof adminInputSchema>;

/** The checks alone, so that a command refuses bad input before it opens (or creates) the database. */
export async function checkAdminInput(
  input: AdminInput,
  t: Translate,
): Promise<{ ok: true; value: CheckedInput } | { ok: false; errors: Record<string, string[]> }> {
  const parsed = adminInputSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, errors: issuesToFields(parsed.error.issues as Parameters<typeof issuesToFields>[0], t) };
  }
  const { email, password, firstName, lastName } = parsed.data;
  // The registration's own strength check, with the same personal details it would see.
  const verdict = await checkPassword(password, { email, firstName, lastName });
  if (!verdict.acceptable) return { ok: false, errors: { password: [t('account:passwordTooWeak')] } };
  return { ok: true, value: parsed.data };
}

/** Checks everything, then creates the operator; on any refusal nothing is written. */
export async function createAdmin(db: Database, input: AdminInput, t: Translate): Promise<CreateAdminResult> {
  const checked = await checkAdminInput(input, t);
  if (!checked.ok) return checked;
  const { email, password, firstName, lastName, language } = checked.value;
  try {
    const row = await createActiveUser(db, {
      email,
      password,
      firstName: firstName ?? '',
      lastName: lastName ?? '',
      language,
      attributes: ['admin'],
    });
    return { ok: true, id: row.id, email: row.email };
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') {
      return { ok: false, errors: { email: [t('cli:createAdmin.emailTaken')] } };
    }
    throw error;
  }
}

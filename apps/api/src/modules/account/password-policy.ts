// Server-side password rules beyond the length checked by the shared schema: not a common password and
// not the e-mail address (or its local part) itself.
import { fieldError } from '../../lib/errors';
import { COMMON_PASSWORDS } from './common-passwords';

export type PasswordProblem = 'account:passwordTooCommon' | 'account:passwordLikeEmail';

export function passwordProblem(password: string, email: string): PasswordProblem | null {
  const candidate = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  const localPart = address.split('@')[0] ?? '';
  if (candidate === address || candidate === localPart) return 'account:passwordLikeEmail';
  if (COMMON_PASSWORDS.has(candidate)) return 'account:passwordTooCommon';
  return null;
}

/** Throws a 400 naming `field` when the password breaks a rule. */
export function assertPasswordAllowed(password: string, email: string, field: string): void {
  const problem = passwordProblem(password, email);
  if (problem) throw fieldError({ [field]: problem });
}

// Server side of the shared password policy: the schemas check the length, this checks the strength
// (zxcvbn against common passwords, the person's name and address, and the product's name) with the same
// threshold and inputs the web meter uses, so a password the form shows as strong enough is accepted.
import { checkPassword, loadPasswordEstimator, type PasswordContext } from '@lombard/shared/password-strength';
import { fieldError } from '../../lib/errors';

/** Loads the dictionaries ahead of the first registration, which would otherwise wait for them. */
export function preloadPasswordPolicy(): void {
  void loadPasswordEstimator().catch(() => undefined);
}

/** Throws a 400 naming `field` when the password is too easy to guess. */
export async function assertPasswordAllowed(password: string, context: PasswordContext, field: string) {
  const verdict = await checkPassword(password, context);
  if (!verdict.acceptable) throw fieldError({ [field]: 'account:passwordTooWeak' });
}

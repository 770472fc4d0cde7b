// The answers of a one-time code flow (wrong code with the tries left, expired, no tries left and when a
// new code can be asked for, no sends left this hour) belong under the code field; anything else is shown
// the usual way. The calls of a code flow keep 400 and 429 to themselves (`CODE_CALL`) for this.
import type { ErrorCode } from '@lombard/shared/errors';
import { isHttpError } from '../http/http-error';
import { applyServerErrors, errorCodeOf } from './server-errors';

export const CODE_CALL = { silent: [400, 429] as const };

const CODE_ERRORS: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'ONE_TIME_CODE_INVALID',
  'ONE_TIME_CODE_EXPIRED',
  'ONE_TIME_CODE_ATTEMPTS_EXCEEDED',
  'ONE_TIME_CODE_SENDS_EXCEEDED',
  'AUTHENTICATOR_CODE_INVALID',
  'AUTHENTICATOR_CODE_USED',
  'AUTHENTICATOR_LOCKED',
  'CONFIRMATION_MISMATCH',
  'CONFIRMATION_EXPIRED',
  'PASSKEY_REFUSED',
  'PASSKEY_CHALLENGE_EXPIRED',
]);

/** The server's text of an answer about the code, or undefined for any other failure. */
export function codeAnswer(error: unknown): string | undefined {
  const code = errorCodeOf(error);
  if (!code || !CODE_ERRORS.has(code) || !isHttpError(error)) return undefined;
  const detail = (error.response?.data as { detail?: unknown } | undefined)?.detail;
  return typeof detail === 'string' ? detail : undefined;
}

/** The server's text of an answer about the code, or undefined (after showing any other error as usual). */
export async function codeErrorText(error: unknown): Promise<string | undefined> {
  const answer = codeAnswer(error);
  if (answer === undefined) await applyServerErrors({ setFieldError: () => undefined }, [], error);
  return answer;
}

/** useApiForm's `onErrorCode` for a code flow: each answer about the code goes under `show`'s field. */
export function codeAnswersTo(show: (text: string) => void) {
  const handle = (error: unknown) => {
    const answer = codeAnswer(error);
    if (answer !== undefined) show(answer);
    return answer !== undefined;
  };
  return Object.fromEntries([...CODE_ERRORS].map((code) => [code, handle])) as Partial<
    Record<ErrorCode, (error: unknown) => boolean>
  >;
}

// A form's share of a 400 answer: messages for its own fields go under those fields; the rest
// (detail, non_field_errors, fields the form does not have) is shown as a toast, formatted as usual.
import { ERROR_STATUS, type ErrorCode } from '@lombard/shared/errors';
import { showErrorBody } from '../http/error-toast';
import { isHttpError } from '../http/http-error';
import { isHandledError } from '../http/interceptors';

interface FieldErrorTarget {
  setFieldError: (path: string, error: string) => void;
}

/**
 * Applies a failed call's body to the form. Returns true when the error was a 4xx body it showed;
 * errors the HTTP layer already showed (statuses the call did not silence) are left alone.
 */
export async function applyServerErrors(form: FieldErrorTarget, fields: readonly string[], error: unknown) {
  if (!isHttpError(error) || !error.response || isHandledError(error)) return false;
  const { status, data } = error.response;
  if (status < 400 || status >= 500) return false;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    await showErrorBody(data);
    return true;
  }
  const rest: Record<string, unknown> = {};
  // A `{detail, code}` body's code is the typed error, not a message for a field that happens to be
  // called "code" (the one-time code's).
  const { code: _typed, correlation_id: _id, ...messages } = data as Record<string, unknown>;
  const body = 'detail' in messages ? messages : (data as Record<string, unknown>);
  placeFieldErrors(form, fields, body, '', rest);
  const shown = Object.keys(rest).filter((key) => !['code', 'correlation_id', 'status_code'].includes(key));
  if (shown.length > 0) await showErrorBody(rest);
  return true;
}

/** Messages of the form's own fields go under them, nested bodies ({residence: {city: [...]}}) too. */
function placeFieldErrors(
  form: FieldErrorTarget,
  fields: readonly string[],
  body: Record<string, unknown>,
  prefix: string,
  rest: Record<string, unknown>,
) {
  for (const [key, value] of Object.entries(body)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const nested = value !== null && typeof value === 'object' && !Array.isArray(value);
    if (nested && fields.some((field) => field.startsWith(`${path}.`))) {
      placeFieldErrors(form, fields, value as Record<string, unknown>, path, rest);
    } else if (fields.includes(path)) {
      const messages = Array.isArray(value) ? value.map(String) : [String(value)];
      form.setFieldError(path, messages.join(' '));
    } else {
      rest[path] = value;
    }
  }
}

/** The typed code of a failed call's body (`{code: 'RATE_LIMITED', …}`), when it names a known one. */
export function errorCodeOf(error: unknown): ErrorCode | undefined {
  if (!isHttpError(error)) return undefined;
  const code = (error.response?.data as { code?: unknown } | null | undefined)?.code;
  return isErrorCode(code) ? code : undefined;
}

const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);

// A form's share of a 400 answer (spec §8): messages for its own fields go under those fields; the rest
// (detail, non_field_errors, fields the form does not have) is shown as a toast, formatted as usual.
import axios from 'axios';
import { showErrorBody } from '../http/error-toast';
import { isHandledError } from '../http/interceptors';

interface FieldErrorTarget {
  setFieldError: (path: string, error: string) => void;
}

/**
 * Applies a failed call's body to the form. Returns true when the error was a 4xx body it showed;
 * errors the HTTP layer already showed (statuses the call did not silence) are left alone.
 */
export async function applyServerErrors(form: FieldErrorTarget, fields: readonly string[], error: unknown) {
  if (!axios.isAxiosError(error) || !error.response || isHandledError(error)) return false;
  const { status, data } = error.response;
  if (status < 400 || status >= 500) return false;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    await showErrorBody(data);
    return true;
  }
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (fields.includes(key)) {
      const messages = Array.isArray(value) ? value.map(String) : [String(value)];
      form.setFieldError(key, messages.join(' '));
    } else {
      rest[key] = value;
    }
  }
  const shown = Object.keys(rest).filter((key) => !['code', 'correlation_id', 'status_code'].includes(key));
  if (shown.length > 0) await showErrorBody(rest);
  return true;
}

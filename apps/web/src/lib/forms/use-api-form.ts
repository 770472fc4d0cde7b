// The one way a form talks to the API: the shared zod schema checks it before sending, one `submitting`
// state drives the submit button, the API's field errors land under their fields (nested paths too),
// the rest becomes a toast, and a success message is shown once the call succeeded.
import type { ErrorCode } from '@lombard/shared/errors';
import { useRef, useState } from 'react';
import type { z } from 'zod';
import { notifySuccess } from '../notify';
import { applyServerErrors, errorCodeOf } from './server-errors';
import { useZodForm } from './use-zod-form';
import { fieldPaths } from './zod-form';

export interface ApiFormOptions<Values extends Record<string, unknown>, Result> {
  schema: z.ZodType;
  initialValues: Values;
  /** The body the schema judges and the call receives, from the form's values (default: as they are). */
  prepare?(values: Values): Values;
  /** The call; its 4xx errors should be `silent` so that they are shown here, under the fields. */
  send(values: Values): Promise<Result>;
  /** Toast after success: a text, or one computed from the answer (nothing when it returns undefined). */
  success?: string | ((result: Result) => string | undefined);
  onSuccess?(result: Result, values: Values): unknown;
  /** A check the schema cannot make (a password-strength verdict…): return false to stop before sending. */
  beforeSend?(values: Values, form: ReturnType<typeof useZodForm<Values>>): boolean;
  /**
   * Errors answered by code instead of the generic display: return true when handled. The client
   * branches on the typed code, never on the text.
   */
  onErrorCode?: Partial<Record<ErrorCode, (error: unknown) => boolean | undefined>>;
}

export function useApiForm<Values extends Record<string, unknown>, Result = unknown>(
  options: ApiFormOptions<Values, Result>,
) {
  const form = useZodForm(options.schema, options.initialValues, options.prepare);
  const [submitting, setSubmitting] = useState(false);
  // `submitting` disables the button one render late: a double-click's second submit is refused here.
  const running = useRef(false);
  // The latest options without re-creating the submit handler on every render.
  const latest = useRef(options);
  latest.current = options;

  const onSubmit = form.onSubmit(async (values) => {
    const current = latest.current;
    if (running.current) return;
    if (current.beforeSend && !current.beforeSend(values, form)) return;
    running.current = true;
    setSubmitting(true);
    let result: Result;
    try {
      result = await current.send(values);
    } catch (error) {
      running.current = false;
      setSubmitting(false);
      const code = errorCodeOf(error);
      const handler = code ? current.onErrorCode?.[code] : undefined;
      if (handler?.(error)) return;
      await applyServerErrors(form, fieldPaths(form.getValues()), error);
      return;
    }
    running.current = false;
    setSubmitting(false);
    const message = typeof current.success === 'function' ? current.success(result) : current.success;
    if (message) notifySuccess(message);
    await current.onSuccess?.(result, values);
  });

  return { form, onSubmit, submitting };
}

// Mantine forms fed by the shared zod schemas: values are trimmed, the schema runs before sending, and
// its messages — i18n keys such as 'validation:minLength' — become translated field errors.
import type { TFunction } from 'i18next';
import type { z } from 'zod';

/** Passwords are sent exactly as typed: a trailing space may be part of one. */
const UNTRIMMED = /password/i;

/** Text values are trimmed (recursively; password fields excepted). */
export function trimValues<T>(values: T): T {
  if (Array.isArray(values))
    return values.map((item) => (typeof item === 'string' ? item.trim() : trimValues(item))) as T;
  if (values === null || typeof values !== 'object' || values instanceof Blob || values instanceof Date) return values;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    out[key] = typeof value === 'string' && !UNTRIMMED.test(key) ? value.trim() : trimValues(value);
  }
  return out as T;
}

const I18N_KEY = /^[a-z]+:[A-Za-z.]+$/;

/**
 * A custom issue's `part` names which entry disagrees (the tax code with the first name, the sex…): the
 * message reads it in words, from `validation:taxCodeParts`.
 */
function namedParts(issue: z.core.$ZodIssue, t: TFunction): { part?: string } {
  const part = issue.code === 'custom' ? issue.params?.part : undefined;
  return typeof part === 'string' ? { part: t(`validation:taxCodeParts.${part}`) } : {};
}

/** One issue as text: the schema's key with its limits, else a validation message for zod's own codes. */
export function issueMessage(issue: z.core.$ZodIssue, t: TFunction): string {
  const limits = {
    min: 'minimum' in issue ? Number(issue.minimum) : undefined,
    max: 'maximum' in issue ? Number(issue.maximum) : undefined,
  };
  if (I18N_KEY.test(issue.message)) return t(issue.message, { ...limits, ...namedParts(issue, t) });
  if (issue.code === 'invalid_type') return t('validation:required');
  if (issue.code === 'too_small')
    return t(issue.origin === 'string' ? 'validation:minLength' : 'validation:min', limits);
  if (issue.code === 'too_big') return t(issue.origin === 'string' ? 'validation:maxLength' : 'validation:max', limits);
  return t('validation:invalid');
}

/** A Mantine `validate` function: the first message of each field, keyed by its dotted path. */
export function zodValidate(schema: z.ZodType, t: TFunction) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(trimValues(values));
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      errors[path] ??= issueMessage(issue, t);
    }
    return errors;
  };
}

/**
 * Every path a form can show an error under: `email`, `residence`, `residence.city`, `citizenships`…
 * (arrays are one field: their items are not separate inputs the server names).
 */
export function fieldPaths(values: unknown, prefix = ''): string[] {
  if (values === null || typeof values !== 'object' || Array.isArray(values) || values instanceof Blob) return [];
  const paths: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    const path = prefix ? `${prefix}.${key}` : key;
    paths.push(path, ...fieldPaths(value, path));
  }
  return paths;
}

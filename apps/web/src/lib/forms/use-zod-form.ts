import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { trimValues, zodValidate } from './zod-form';

/**
 * A Mantine form validated by a shared zod schema: errors appear when a field is left and on submit;
 * submitted values are trimmed.
 */
export function useZodForm<Values extends Record<string, unknown>>(schema: z.ZodType, initialValues: Values) {
  const { t } = useTranslation('validation');
  return useForm<Values, Values>({
    initialValues,
    validate: zodValidate(schema, t),
    validateInputOnBlur: true,
    transformValues: (values) => trimValues(values),
  });
}

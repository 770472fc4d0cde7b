import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { trimValues, zodValidate } from './zod-form';

/**
 * A Mantine form validated by a shared zod schema: errors appear when a field is left and on submit;
 * submitted values are trimmed. A form the browser checks first (native-check.ts) is judged on submit only:
 * its field's message on leaving it would be the app's alone, unlike what the first tap shows. `prepare` turns the form's values into the body the schema judges (a
 * domicile the person said is the residence is not checked, nor sent).
 */
export function useZodForm<Values extends Record<string, unknown>>(
  schema: z.ZodType,
  initialValues: Values,
  prepare: (values: Values) => Values = (values) => values,
  { validateOnBlur = true }: { validateOnBlur?: boolean } = {},
) {
  const { t } = useTranslation('validation');
  const validate = zodValidate(schema, t);
  return useForm<Values, Values>({
    initialValues,
    validate: (values) => validate(prepare(values)),
    validateInputOnBlur: validateOnBlur,
    transformValues: (values) => trimValues(prepare(values)),
  });
}

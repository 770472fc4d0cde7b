// Citizenship, tax residence and the US-person test: a US person (citizen, green card, 183 days of
// presence) is told in plain words why the service is not available, before and after sending.
import { US_PERSON_TEST_DAYS } from '@lombard/shared/constants';
import { type Citizenship, citizenshipSchema, usPersonReasons } from '@lombard/shared/schemas/profile';
import type { ProfileView } from '@lombard/shared/schemas/profile-views';
import { Alert, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Switch } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../components/submit-button';
import { useApiForm } from '../../lib/forms/use-api-form';
import { useSaveTab } from './api';
import { useReferenceData } from './use-reference-data';

interface Props {
  saved: ProfileView['citizenship'];
}

export function CitizenshipTab({ saved }: Props) {
  const { t } = useTranslation(['profile', 'errors']);
  const save = useSaveTab<Citizenship>('citizenship');
  const { countries } = useReferenceData();
  const { form, onSubmit, submitting } = useApiForm({
    schema: citizenshipSchema,
    initialValues: {
      citizenships: saved?.citizenships ?? ['IT'],
      tax_residence: saved?.tax_residence ?? 'IT',
      us_green_card: saved?.us_green_card ?? false,
      us_presence_days: saved?.us_presence_days ?? 0,
    } as Record<string, unknown> & Citizenship,
    send: (values) => save.mutateAsync(values),
    success: t('errors:success.dataSaved'),
  });
  const values = form.getValues();
  const reasons = usPersonReasons({
    citizenships: values.citizenships ?? [],
    us_green_card: Boolean(values.us_green_card),
    us_presence_days: Number(values.us_presence_days) || 0,
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <MultiSelect
          label={t('citizenship.citizenships')}
          description={t('citizenship.citizenshipsHint')}
          data={countries}
          searchable
          withAsterisk
          nothingFoundMessage={t('nothingFound')}
          {...form.getInputProps('citizenships')}
          data-testid="citizenship-citizenships"
        />
        <Select
          label={t('citizenship.taxResidence')}
          data={countries}
          searchable
          withAsterisk
          allowDeselect={false}
          nothingFoundMessage={t('nothingFound')}
          {...form.getInputProps('tax_residence')}
          data-testid="citizenship-tax-residence"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Switch
            label={t('citizenship.greenCard')}
            description={t('citizenship.greenCardHint')}
            {...form.getInputProps('us_green_card', { type: 'checkbox' })}
            data-testid="citizenship-green-card"
          />
          <NumberInput
            label={t('citizenship.presenceDays')}
            description={t('citizenship.presenceDaysHint', { days: US_PERSON_TEST_DAYS })}
            min={0}
            max={366}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('us_presence_days')}
            data-testid="citizenship-presence-days"
          />
        </SimpleGrid>
        {reasons.length > 0 && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconFlag size={18} aria-hidden />}
            title={t('citizenship.usPersonTitle')}
            data-testid="citizenship-us-person"
          >
            {t('citizenship.usPersonBody')}{' '}
            {reasons
              .map((reason) => t(`citizenship.usPersonReason.${reason}`, { days: US_PERSON_TEST_DAYS }))
              .join(' ')}
          </Alert>
        )}
        <SubmitButton submitting={submitting} testId="citizenship-submit">
          {t('save')}
        </SubmitButton>
      </Stack>
    </form>
  );
}

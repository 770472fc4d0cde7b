// Occupation, sector, employer (for employed people), yearly income band and where the money comes from.
import { INCOME_BANDS } from '@lombard/shared/constants';
import { type OccupationInput, occupationSchema } from '@lombard/shared/schemas/profile';
import {
  EMPLOYED_OCCUPATIONS,
  OCCUPATIONS,
  type Occupation,
  type OccupationState,
  SECTORS,
  SOURCES_OF_FUNDS,
} from '@lombard/shared/schemas/profile-views';
import { Select, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmployerField } from '../../components/employer-field';
import { SubmitButton } from '../../components/submit-button';
import { formatMoney } from '../../lib/format';
import { useApiForm } from '../../lib/forms/use-api-form';
import { currentLanguage } from '../../lib/i18n/i18n';
import { useSaveTab } from './api';

export function OccupationTab({ saved }: { saved: OccupationState | null }) {
  const { t } = useTranslation(['profile', 'errors']);
  const save = useSaveTab<OccupationInput>('occupation');
  const language = currentLanguage();
  const { form, onSubmit, submitting } = useApiForm({
    schema: occupationSchema,
    initialValues: {
      occupation: saved?.occupation ?? '',
      sector: saved?.sector ?? '',
      employer_partner_id: saved?.employer_partner_id ?? null,
      employer_name: saved?.employer_partner_name ?? saved?.employer_name ?? '',
      income_band: saved?.income_band ?? '',
      source_of_funds: saved?.source_of_funds ?? '',
    },
    send: (values) => save.mutateAsync(values as OccupationInput),
    success: t('errors:success.dataSaved'),
  });
  // A partner company is picked from the list (and saved by id); any other employer is typed.
  const chooseEmployer = (name: string, partnerId: number | null) => {
    form.setFieldValue('employer_name', name);
    form.setFieldValue('employer_partner_id', partnerId);
  };
  const employed = EMPLOYED_OCCUPATIONS.includes(form.getValues().occupation as Occupation);
  const money = (value: string) => formatMoney(value, language, { cents: false });
  const bandLabel = (band: (typeof INCOME_BANDS)[number]) =>
    band.max === null
      ? t('occupation.bandAbove', { min: money(String(Number(band.min) - 1)) })
      : t('occupation.bandRange', { min: money(band.min), max: money(band.max) });

  const options = <T extends string>(values: readonly T[], group: string) =>
    values.map((value) => ({ value, label: t(`occupation.${group}.${value}` as 'save') }));

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label={t('occupation.occupation')}
            data={options(OCCUPATIONS, 'occupations')}
            withAsterisk
            {...form.getInputProps('occupation')}
            data-testid="occupation-occupation"
          />
          <Select
            label={t('occupation.sector')}
            data={options(SECTORS, 'sectors')}
            searchable
            withAsterisk
            {...form.getInputProps('sector')}
            data-testid="occupation-sector"
          />
        </SimpleGrid>
        {employed && (
          <EmployerField
            label={t('occupation.employer')}
            description={t('occupation.employerHint')}
            withAsterisk
            {...form.getInputProps('employer_name')}
            value={form.getValues().employer_name ?? ''}
            onChange={chooseEmployer}
            data-testid="occupation-employer"
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label={t('occupation.incomeBand')}
            description={t('occupation.incomeBandHint')}
            data={INCOME_BANDS.map((band) => ({ value: band.code, label: bandLabel(band) }))}
            withAsterisk
            {...form.getInputProps('income_band')}
            data-testid="occupation-income-band"
          />
          <Select
            label={t('occupation.sourceOfFunds')}
            description={t('occupation.sourceOfFundsHint')}
            data={options(SOURCES_OF_FUNDS, 'sources')}
            withAsterisk
            {...form.getInputProps('source_of_funds')}
            data-testid="occupation-source-of-funds"
          />
        </SimpleGrid>
        <SubmitButton submitting={submitting} testId="occupation-submit">
          {t('save')}
        </SubmitButton>
      </Stack>
    </form>
  );
}

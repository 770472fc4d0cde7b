// Identity: names, birth date (adults only) and place, sex, the Italian tax code — checked against the
// other fields by the shared schema, so a mismatch is named before sending — and the PEP declaration.
import { type Identity, identitySchema, latestAdultBirthDate } from '@lombard/shared/schemas/profile';
import { type ProfileView, SEXES } from '@lombard/shared/schemas/profile-views';
import { Radio, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../components/submit-button';
import { useApiForm } from '../../lib/forms/use-api-form';
import { useCurrentUser } from '../../lib/session/session-queries';
import { useSaveTab } from './api';

export function IdentityTab({ saved }: { saved: ProfileView['identity'] }) {
  const { t } = useTranslation(['profile', 'errors']);
  const save = useSaveTab<Identity>('identity');
  const { data: me } = useCurrentUser();
  const { form, onSubmit, submitting } = useApiForm({
    schema: identitySchema,
    initialValues: {
      first_name: saved?.first_name ?? me?.first_name ?? '',
      last_name: saved?.last_name ?? me?.last_name ?? '',
      birth_date: saved?.birth_date ?? '',
      birth_place: saved?.birth_place ?? '',
      sex: saved?.sex ?? '',
      tax_code: saved?.tax_code ?? '',
      politically_exposed: saved?.politically_exposed ?? false,
    },
    send: (values) => save.mutateAsync(values as Identity),
    success: t('errors:success.dataSaved'),
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('identity.firstName')}
            autoComplete="given-name"
            withAsterisk
            {...form.getInputProps('first_name')}
            data-testid="identity-first-name"
          />
          <TextInput
            label={t('identity.lastName')}
            autoComplete="family-name"
            withAsterisk
            {...form.getInputProps('last_name')}
            data-testid="identity-last-name"
          />
          <TextInput
            type="date"
            label={t('identity.birthDate')}
            description={t('identity.birthDateHint')}
            max={latestAdultBirthDate()}
            autoComplete="bday"
            withAsterisk
            {...form.getInputProps('birth_date')}
            data-testid="identity-birth-date"
          />
          <TextInput
            label={t('identity.birthPlace')}
            description={t('identity.birthPlaceHint')}
            withAsterisk
            {...form.getInputProps('birth_place')}
            data-testid="identity-birth-place"
          />
        </SimpleGrid>
        <Radio.Group label={t('identity.sex')} withAsterisk {...form.getInputProps('sex')} data-testid="identity-sex">
          <Stack gap="xs" mt={6}>
            {SEXES.map((sex) => (
              <Radio key={sex} value={sex} label={t(`identity.sexes.${sex}`)} data-testid={`identity-sex-${sex}`} />
            ))}
          </Stack>
        </Radio.Group>
        <TextInput
          label={t('identity.taxCode')}
          description={t('identity.taxCodeHint')}
          autoCapitalize="characters"
          spellCheck={false}
          withAsterisk
          styles={{ input: { textTransform: 'uppercase', fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...form.getInputProps('tax_code')}
          data-testid="identity-tax-code"
        />
        <Switch
          label={t('identity.pep')}
          description={t('identity.pepHint')}
          {...form.getInputProps('politically_exposed', { type: 'checkbox' })}
          data-testid="identity-pep"
        />
        <SubmitButton submitting={submitting} testId="identity-submit">
          {t('save')}
        </SubmitButton>
      </Stack>
    </form>
  );
}

// The bank account for payouts: a valid IBAN (the bank is named from it where known) held in the
// account owner's name — both checked before sending with the shared rules.
import { type BankAccountInput, bankAccountFormSchema, bankNameFromIban } from '@lombard/shared/schemas/profile';
import type { BankAccountState } from '@lombard/shared/schemas/profile-views';
import { Stack, Text, TextInput } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../components/submit-button';
import { useApiForm } from '../../lib/forms/use-api-form';
import { useCurrentUser } from '../../lib/session/session-queries';
import { useSaveTab } from './api';

/** IBAN in groups of four, as printed on statements. */
const grouped = (iban: string) =>
  iban
    .replace(/\s/g, '')
    .toUpperCase()
    .replace(/(.{4})/g, '$1 ')
    .trim();

export function BankAccountTab({ saved }: { saved: BankAccountState | null }) {
  const { t } = useTranslation(['profile', 'errors']);
  const save = useSaveTab<BankAccountInput>('bank-account');
  const { data: me } = useCurrentUser();
  const schema = useMemo(
    () => bankAccountFormSchema({ first_name: me?.first_name ?? '', last_name: me?.last_name ?? '' }),
    [me?.first_name, me?.last_name],
  );
  const { form, onSubmit, submitting } = useApiForm({
    schema,
    initialValues: {
      iban: saved ? grouped(saved.iban) : '',
      holder_name: saved?.holder_name ?? (me ? `${me.first_name} ${me.last_name}`.trim() : ''),
    },
    send: (values) => save.mutateAsync(values),
    success: t('errors:success.dataSaved'),
  });
  const bank = bankNameFromIban(form.getValues().iban) ?? saved?.bank_name ?? null;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('bankAccount.iban')}
          placeholder="IT60 X054 2811 1010 0000 0123 456"
          autoComplete="off"
          spellCheck={false}
          withAsterisk
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: 0.5 } }}
          {...form.getInputProps('iban')}
          onBlur={(event) => {
            form.setFieldValue('iban', grouped(event.currentTarget.value));
            form.getInputProps('iban').onBlur?.(event);
          }}
          data-testid="bank-iban"
        />
        {bank && (
          <Text size="sm" c="dimmed" data-testid="bank-name">
            <IconBuildingBank size={16} style={{ verticalAlign: 'text-bottom' }} aria-hidden /> {bank}
          </Text>
        )}
        <TextInput
          label={t('bankAccount.holder')}
          description={t('bankAccount.holderHint')}
          autoComplete="name"
          withAsterisk
          {...form.getInputProps('holder_name')}
          data-testid="bank-holder"
        />
        <SubmitButton submitting={submitting} testId="bank-submit">
          {t('save')}
        </SubmitButton>
      </Stack>
    </form>
  );
}

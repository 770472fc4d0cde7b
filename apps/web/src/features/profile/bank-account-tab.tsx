// The bank account for payouts: a valid IBAN (the bank is named from it where known) held in the
// account owner's name — both checked before sending with the shared rules. Replacing a saved IBAN,
// approved or waiting for review, is confirmed with the customer's strongest factor, bound to the new IBAN
// shown on the confirming step.

import { groupIban } from '@lombard/shared/iban-mask';
import type { BankAccountChange } from '@lombard/shared/schemas/profile';
import { bankAccountFormSchema, bankNameFromIban } from '@lombard/shared/schemas/profile';
import type { BankAccountState } from '@lombard/shared/schemas/profile-views';
import { Stack, Text, TextInput } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeConfirmation, usePendingChange } from '../../components/change-confirmation';
import { SubmitButton } from '../../components/submit-button';
import { useApiForm } from '../../lib/forms/use-api-form';
import { notifySuccess } from '../../lib/notify';
import { useCurrentUser } from '../../lib/session/session-queries';
import { useSaveBankAccount } from './api';

export function BankAccountTab({ saved }: { saved: BankAccountState | null }) {
  const { t } = useTranslation(['profile', 'errors']);
  const save = useSaveBankAccount();
  const change = usePendingChange((body: BankAccountChange) => save.mutateAsync(body));
  const { asked } = change;
  const { data: me } = useCurrentUser();
  const schema = useMemo(
    () => bankAccountFormSchema({ first_name: me?.first_name ?? '', last_name: me?.last_name ?? '' }),
    [me?.first_name, me?.last_name],
  );
  const { form, onSubmit, submitting } = useApiForm({
    schema,
    initialValues: {
      iban: saved ? groupIban(saved.iban) : '',
      holder_name: saved?.holder_name ?? (me ? `${me.first_name} ${me.last_name}`.trim() : ''),
    },
    send: async (values) => {
      const answer = await save.mutateAsync(values as BankAccountChange);
      change.answered(values as BankAccountChange, answer);
      return answer;
    },
    success: (answer) => ('saved' in answer ? t('errors:success.dataSaved') : undefined),
  });
  const bank = bankNameFromIban(form.getValues().iban) ?? saved?.bank_name ?? null;

  return (
    <>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('bankAccount.iban')}
            placeholder="IT60 X054 2811 1010 0000 0123 456"
            autoComplete="off"
            spellCheck={false}
            withAsterisk
            // Monospace keeps the groups of four aligned; no extra spacing and a narrower padding let the
            // 27 characters and their six spaces fit a 375 px phone without a font under 16 px (which
            // makes iPhones zoom in on focus).
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', paddingInline: 10 } }}
            {...form.getInputProps('iban')}
            onBlur={(event) => {
              form.setFieldValue('iban', groupIban(event.currentTarget.value));
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
          {!asked && (
            <SubmitButton submitting={submitting} testId="bank-submit">
              {t('save')}
            </SubmitButton>
          )}
        </Stack>
      </form>
      {asked && (
        <ChangeConfirmation
          asked={asked.pending}
          label={t('bankAccount.newIban')}
          value={groupIban(asked.pending.confirming.value ?? '')}
          onProof={async (proof) => {
            const answer = await change.confirm(proof);
            if (answer && 'saved' in answer) {
              change.clear();
              notifySuccess(t('errors:success.dataSaved'));
            }
          }}
          onAskAgain={change.askAgain}
          submitLabel={t('bankAccount.confirmChange')}
          testId="iban-change"
        />
      )}
    </>
  );
}

// A withdrawal is asked for here and committed on confirm-cash/: the amount must be above zero and within
// the available cash (checked before anything is sent), and it is paid to the verified IBAN only.
import type { CashSummary } from '@lombard/shared/schemas/wallet';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AmountInput } from '../../components/money/amount-input';
import { formatMoney } from '../../lib/format';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { useLanguage } from '../../lib/i18n/use-language';
import { BANK_ACCOUNT_PAGE, CONFIRM_CASH_PAGE } from '../../lib/money/keys';
import { normaliseAmount, withdrawalFormSchema } from './withdrawal-schema';

export interface WithdrawalDraft {
  amount: string;
}

export function WithdrawalForm({ cash }: { cash: CashSummary }) {
  const { t } = useTranslation('cash');
  const language = useLanguage();
  const navigate = useNavigate();
  const form = useZodForm(withdrawalFormSchema(cash.available), { amount: '' }, (values) => ({
    amount: normaliseAmount(values.amount),
  }));
  const account = cash.withdrawal_account;

  return (
    <Paper withBorder radius="md" p="md" data-testid="withdrawal">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('withdraw.title')}
        </Title>
        {account === null ? (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            data-testid="withdrawal-no-account"
          >
            <Text size="sm">{t('withdraw.noAccount')}</Text>
            <Anchor component={Link} to={BANK_ACCOUNT_PAGE} size="sm" fw={600}>
              {t('withdraw.addAccount')}
            </Anchor>
          </Alert>
        ) : (
          <form
            noValidate
            onSubmit={form.onSubmit((values) => {
              const draft: WithdrawalDraft = { amount: values.amount };
              void navigate(CONFIRM_CASH_PAGE, { state: draft });
            })}
          >
            <Stack gap="md">
              <AmountInput
                label={t('withdraw.amount')}
                description={t('withdraw.availableHint', { available: formatMoney(cash.available, language) })}
                autoComplete="off"
                withAsterisk
                {...form.getInputProps('amount')}
                value={form.values.amount}
                onChange={(value) => form.setFieldValue('amount', value)}
                data-testid="withdrawal-amount"
                w={{ base: '100%', xs: 280 }}
              />
              <Stack gap={2}>
                <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
                  {t('withdraw.destination')}
                </Text>
                <Text size="sm" ff="monospace" data-testid="withdrawal-iban">
                  {account.iban_masked}
                </Text>
                <Text size="xs" c="dimmed">
                  {account.bank_name
                    ? t('withdraw.holderAtBank', { holder: account.holder, bank: account.bank_name })
                    : account.holder}
                </Text>
              </Stack>
              <Group>
                <Button type="submit" data-testid="withdrawal-continue" w={{ base: '100%', sm: 'fit-content' }}>
                  {t('withdraw.continue')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}

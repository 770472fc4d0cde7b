// How to add cash: a bank transfer to the partner bank quoting the customer's own reference code, which
// is how an operator matches the money to them.
import { BANK_TRANSFER_BUSINESS_DAYS } from '@lombard/shared/constants';
import type { CashSummary } from '@lombard/shared/schemas/wallet';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CopyValue } from '../../components/money/copy-value';

export function DepositInstructions({ instructions }: { instructions: CashSummary['deposit_instructions'] }) {
  const { t } = useTranslation('cash');
  return (
    <Paper withBorder radius="md" p="md" data-testid="deposit-instructions">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            {t('deposit.title')}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t('deposit.body', BANK_TRANSFER_BUSINESS_DAYS)}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <CopyValue label={t('deposit.beneficiary')} value={instructions.beneficiary} testId="deposit-beneficiary" />
          <CopyValue label={t('deposit.iban')} value={instructions.iban} monospace testId="deposit-iban" />
          <CopyValue label={t('deposit.bic')} value={instructions.bic} monospace testId="deposit-bic" />
          <CopyValue label={t('deposit.bank')} value={instructions.bank_name} testId="deposit-bank" />
          <CopyValue
            label={t('deposit.referenceCode')}
            value={instructions.reference_code}
            monospace
            testId="deposit-reference"
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

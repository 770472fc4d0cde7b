import type { TransactionItem } from '@lombard/shared/schemas/transactions';
import { ActionIcon, Alert, Box, Button, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useLanguage } from '../product-format';

type Instructions = NonNullable<TransactionItem['transfer_instructions']>;

function CopyRow({ label, value, copyValue }: { label: string; value: string; copyValue?: string }) {
  const { t } = useTranslation(['products', 'errors']);
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Box>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text fw={600} ff={label === 'IBAN' ? 'monospace' : undefined} style={{ wordBreak: 'break-all' }}>
          {value}
        </Text>
      </Box>
      <CopyButton value={copyValue ?? value} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('errors:success.copied') : t('products:confirm.copy', { field: label })}>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              aria-label={t('products:confirm.copy', { field: label })}
              onClick={() => {
                copy();
                notifySuccess(t('errors:success.copied'));
              }}
            >
              {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/** Where to send the money of an investment paid by bank transfer, each value ready to copy. */
export function TransferInstructions({ instructions }: { instructions: Instructions }) {
  const { t } = useTranslation('products');
  const language = useLanguage();
  return (
    <Stack gap="md" data-testid="transfer-instructions">
      <Alert color="teal" title={t('confirm.transfer.title')}>
        {t('confirm.transfer.body')}
      </Alert>
      <CopyRow label={t('confirm.transfer.beneficiary')} value={instructions.beneficiary} />
      <CopyRow label="IBAN" value={instructions.iban} />
      <CopyRow label="BIC" value={instructions.bic} />
      <CopyRow label={t('confirm.transfer.bank')} value={instructions.bank_name} />
      <CopyRow label={t('confirm.transfer.reference')} value={instructions.reference_code} />
      <CopyRow
        label={t('confirm.transfer.amount')}
        value={formatMoney(instructions.amount, language)}
        copyValue={instructions.amount}
      />
      <Group justify="flex-end">
        <Button component={Link} to="/customer/transaction/" variant="light">
          {t('confirm.toTransactions')}
        </Button>
      </Group>
    </Stack>
  );
}

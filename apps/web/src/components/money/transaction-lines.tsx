// A short list of movements for summary cards (home, cash): what and when on the left, amount and status
// on the right. A list rather than a table, so that a phone shows every amount without scrolling sideways.
import type { TransactionItem } from '@lombard/shared/schemas/transactions';
import { Box, Group, Stack, Text } from '@mantine/core';
import { formatMoney } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/use-language';
import { TransactionStatusBadge } from './transaction-status-badge';

export function TransactionLines({
  rows,
  label,
  when,
  rowTestId,
}: {
  rows: TransactionItem[];
  /** Accessible name of the list. */
  label: string;
  /** The row's date as the screen wants it (a date on home, date and time on cash). */
  when(row: TransactionItem): string;
  rowTestId?: string;
}) {
  const language = useLanguage();
  return (
    <Box component="ul" aria-label={label} m={0} p={0} style={{ listStyle: 'none' }}>
      {rows.map((row, index) => (
        <Box
          component="li"
          key={row.id}
          py="xs"
          data-testid={rowTestId}
          style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
            <Stack gap={0} miw={0}>
              <Text size="sm" fw={600}>
                {row.type_name}
              </Text>
              {row.product && (
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {row.product.name}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {when(row)}
              </Text>
            </Stack>
            <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {row.amount === null ? '—' : formatMoney(row.amount, language)}
              </Text>
              <TransactionStatusBadge status={row.status} name={row.status_name} />
            </Stack>
          </Group>
        </Box>
      ))}
    </Box>
  );
}

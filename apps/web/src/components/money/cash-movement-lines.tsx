// Lines of the cash statement: what moved the cash and what it refers to on the left, the signed amount
// and the balance after it on the right. A list rather than a table, so a phone shows every amount.
import type { CashMovement } from '@lombard/shared/schemas/wallet';
import { Box, Group, Stack, Text } from '@mantine/core';
import { formatMoney } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/use-language';
import { formatDateTime } from '../../lib/resource/format';

export function CashMovementLines({
  rows,
  label,
  rowTestId,
  advanceLabel,
  balanceLabel,
}: {
  rows: CashMovement[];
  /** Accessible name of the list. */
  label: string;
  rowTestId?: string;
  /** How the screen names the advance a line belongs to, and the balance after a line (its own catalogue). */
  advanceLabel(id: number): string;
  balanceLabel(formattedAmount: string): string;
}) {
  const language = useLanguage();
  return (
    <Box component="ul" aria-label={label} m={0} p={0} style={{ listStyle: 'none' }}>
      {rows.map((row, index) => {
        const reference = row.reference_code ?? (row.advance_id ? advanceLabel(row.advance_id) : null);
        const incoming = !row.amount.startsWith('-');
        return (
          <Box
            component="li"
            key={row.id}
            py="xs"
            data-testid={rowTestId}
            data-kind={row.kind}
            style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={600}>
                  {row.kind_name}
                </Text>
                {reference && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {reference}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {formatDateTime(row.at, language)}
                </Text>
              </Stack>
              <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  {incoming ? '+' : ''}
                  {formatMoney(row.amount, language)}
                </Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  {balanceLabel(formatMoney(row.balance, language))}
                </Text>
              </Stack>
            </Group>
          </Box>
        );
      })}
    </Box>
  );
}

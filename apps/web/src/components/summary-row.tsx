import { Group, Text } from '@mantine/core';

/** One line of a summary: what, and how much. */
export function SummaryRow({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 800 : 600} ta="right" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

import { Group, Text } from '@mantine/core';

/**
 * One line of a summary: what, and how much. In a row (label left, figure right), or `stacked`: a small
 * label over a large figure, for a grid of headline figures.
 */
export function SummaryRow({
  label,
  value,
  strong,
  stacked,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  stacked?: boolean;
  testId?: string;
}) {
  if (stacked) {
    return (
      <div>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
          {label}
        </Text>
        <Text fw={700} fz="lg" data-testid={testId}>
          {value}
        </Text>
      </div>
    );
  }
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

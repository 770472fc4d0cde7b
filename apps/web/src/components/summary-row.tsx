import { Group, Text } from '@mantine/core';

/**
 * One line of a summary: what, and how much. In a row (label left, figure right), or `stacked`: a label
 * over its figure — `headline` (a small upper-case label over a large figure, for a grid of headline
 * figures) or `plain` (a small label over a bold figure of the text's size, `sm` or `md`).
 */
export function SummaryRow({
  label,
  value,
  strong,
  stacked,
  size = 'md',
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  stacked?: 'headline' | 'plain';
  size?: 'sm' | 'md';
  testId?: string;
}) {
  if (stacked) {
    const headline = stacked === 'headline';
    return (
      <div>
        <Text size="xs" c="dimmed" {...(headline ? { fw: 600, tt: 'uppercase', lts: 0.4 } : {})}>
          {label}
        </Text>
        <Text fw={700} fz={headline ? 'lg' : size} data-testid={testId}>
          {value}
        </Text>
      </div>
    );
  }
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm" c="dimmed" style={{ flex: '1 1 0', minWidth: 0 }}>
        {label}
      </Text>
      {/* The figure keeps its width (up to 60 %), the label wraps: at 375 px "24,07 %" broke before the %. */}
      <Text
        size="sm"
        fw={strong ? 800 : 600}
        ta="right"
        data-testid={testId}
        style={{ flex: '0 0 auto', maxWidth: '60%', overflowWrap: 'anywhere' }}
      >
        {value}
      </Text>
    </Group>
  );
}

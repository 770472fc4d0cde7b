// Borrow or sell as a picture: one bar per choice, its costs stacked, on one scale. The bars are drawn
// in SVG without a charting library; screen readers skip them (the figures are in the columns and the
// table beside them), the legend names each colour.
import { Box, Group, Stack, Text } from '@mantine/core';

export interface CostSegment {
  key: string;
  label: string;
  /** A decimal string in EUR; only drawn, never computed on. */
  amount: string;
  color: string;
}

export interface CostBar {
  key: string;
  label: string;
  total: string;
  segments: CostSegment[];
}

const WIDTH = 600;
const BAR = 28;
const GAP = 22;

export function CostBars({ bars, formatMoney }: { bars: CostBar[]; formatMoney(value: string): string }) {
  const largest = Math.max(...bars.map((bar) => Number(bar.total)), 0.01);
  const legend = new Map<string, CostSegment>();
  for (const bar of bars)
    for (const segment of bar.segments) if (Number(segment.amount) > 0) legend.set(segment.key, segment);
  return (
    <Stack gap="xs" data-testid="cost-bars">
      {bars.map((bar) => {
        let x = 0;
        return (
          <Box key={bar.key}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={600}>
                {bar.label}
              </Text>
              <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(bar.total)}
              </Text>
            </Group>
            <svg
              viewBox={`0 0 ${WIDTH} ${BAR}`}
              width="100%"
              height={BAR}
              preserveAspectRatio="none"
              aria-hidden="true"
              focusable="false"
              style={{ display: 'block', marginTop: 4 }}
            >
              <rect x={0} y={0} width={WIDTH} height={BAR} rx={4} fill="var(--mantine-color-default-hover)" />
              {bar.segments.map((segment) => {
                const width = (Number(segment.amount) / largest) * WIDTH;
                const rect = (
                  <rect key={segment.key} x={x} y={0} width={Math.max(width, 0)} height={BAR} fill={segment.color} />
                );
                x += width;
                return rect;
              })}
            </svg>
          </Box>
        );
      })}
      <Group gap="md" mt={GAP / 4} aria-hidden="true">
        {[...legend.values()].map((segment) => (
          <Group key={segment.key} gap={6} wrap="nowrap">
            <Box w={12} h={12} style={{ background: segment.color, borderRadius: 2 }} />
            <Text size="xs" c="dimmed">
              {segment.label}
            </Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}

// How the invested total splits across products, drawn as a ring of arcs in plain SVG (no chart
// library for one picture). The picture is decorative for a screen reader: the role="img" label reads
// every share, and the legend beside it writes them out.
import { Box, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../lib/format';

export interface AllocationShare {
  key: string | number;
  name: string;
  /** The share as a decimal fraction on the wire ("0.4250"). */
  weight: string;
}

const PALETTE = ['blue', 'teal', 'grape', 'orange', 'cyan', 'pink', 'lime', 'indigo', 'yellow', 'red'] as const;
const colorOf = (index: number) => `var(--mantine-color-${PALETTE[index % PALETTE.length]}-6)`;

const RADIUS = 15.9155; // a circumference of 100: dash lengths are the percentages themselves
const STROKE = 6;
const round = (value: number) => Math.round(value * 1000) / 1000;

interface Props {
  title: string;
  shares: AllocationShare[];
  size?: number;
  testId?: string;
}

export function AllocationDonut({ title, shares, size = 168, testId = 'allocation-donut' }: Props) {
  const { t, i18n } = useTranslation('common');
  const language = i18n.language === 'en' ? 'en' : 'it';
  const labelled = shares.map((share, index) => ({
    ...share,
    color: colorOf(index),
    // Drawing only: a float is fine for an arc's length, never for the figures written out.
    portion: round(Math.max(0, Number(share.weight)) * 100),
    percent: formatPercent(share.weight, language),
  }));
  const list = new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(
    labelled.map((share) => t('charts.share', { name: share.name, share: share.percent })),
  );
  let offset = 0;

  return (
    <Group gap="lg" align="center" wrap="wrap" data-testid={testId}>
      <Box
        component="svg"
        viewBox="0 0 42 42"
        width={size}
        height={size}
        role="img"
        aria-label={t('charts.summary', { title, shares: list })}
        style={{ flexShrink: 0 }}
      >
        <circle
          cx="21"
          cy="21"
          r={RADIUS}
          fill="none"
          stroke="var(--mantine-color-default-border)"
          strokeWidth={STROKE}
        />
        {labelled.map((share) => {
          const arc = (
            <circle
              key={share.key}
              cx="21"
              cy="21"
              r={RADIUS}
              fill="none"
              stroke={share.color}
              strokeWidth={STROKE}
              strokeDasharray={`${share.portion} ${round(100 - share.portion)}`}
              // Arcs start at twelve o'clock and follow each other clockwise.
              strokeDashoffset={round(25 - offset)}
            />
          );
          offset += share.portion;
          return arc;
        })}
      </Box>
      <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={title}>
        {labelled.map((share) => (
          <Group key={share.key} component="li" gap="xs" wrap="nowrap" data-testid="donut-legend-item">
            <ColorSwatch color={share.color} size={12} withShadow={false} aria-hidden />
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {share.name}
            </Text>
            <Text size="sm" fw={600} ml="auto" pl="md" style={{ whiteSpace: 'nowrap' }}>
              {share.percent}
            </Text>
          </Group>
        ))}
      </Stack>
    </Group>
  );
}

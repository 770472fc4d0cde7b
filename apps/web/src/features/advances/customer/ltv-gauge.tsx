// The loan-to-value as a gauge: a half dial from 0 to 100 % of the collateral's value, the stretch up to
// the limit at which a margin call opens in green (amber from the warning on), beyond it red, and a needle at
// today's loan-to-value. A meter for assistive technology: its value, range and a sentence that says both.
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/use-language';

const R = 80;
const CX = 100;
const CY = 95;

/** The point of the dial at `share` (0 to 1) of the half circle, left to right. */
function point(share: number, radius = R) {
  // Every share comes through `share` below, already between 0 and 1.
  const angle = Math.PI * (1 - share);
  return { x: CX + radius * Math.cos(angle), y: CY - radius * Math.sin(angle) };
}

function arc(from: number, to: number) {
  const a = point(from);
  const b = point(to);
  return `M ${a.x.toFixed(2)} ${a.y.toFixed(2)} A ${R} ${R} 0 0 1 ${b.x.toFixed(2)} ${b.y.toFixed(2)}`;
}

/** Geometry only: the dial's angles from the decimal strings (figures are shown from the strings). */
const share = (fraction: string) => Math.min(Math.max(Number(fraction), 0), 1);

export function LtvGauge({
  loanToValue,
  limit,
  warning,
  size = 220,
  testId = 'ltv-gauge',
}: {
  loanToValue: string;
  limit: string;
  /** Where the warning starts (a fraction of the collateral's value); else at the default warning ratio. */
  warning?: string | null;
  size?: number;
  testId?: string;
}) {
  const { t } = useTranslation('loan');
  const language = useLanguage();
  const now = share(loanToValue);
  const max = share(limit);
  // Amber where the alerts warn (decision 038), not at a share of its own: the two told different stories.
  // 0.9: DEFAULT_MARGIN_WARNING_RATIO, written out (the home carries this file, at its size budget).
  const warn = warning ? share(warning) : max * 0.9;
  const needle = point(now, R - 12);
  const over = now > max;
  const text = t('risk.gauge.text', {
    ltv: formatPercent(loanToValue, language, 1),
    limit: formatPercent(limit, language, 1),
  });
  return (
    <Stack gap={4} align="center" data-testid={testId}>
      {/* biome-ignore lint/a11y/useSemanticElements: a <meter> cannot draw a dial; the SVG carries its role and values */}
      <svg
        role="meter"
        aria-label={t('risk.gauge.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(now * 1000) / 10}
        aria-valuetext={text}
        viewBox="0 0 200 110"
        width={size}
        height={(size * 110) / 200}
      >
        <path d={arc(0, 1)} fill="none" stroke="var(--mantine-color-red-5)" strokeWidth={14} />
        <path d={arc(0, warn)} fill="none" stroke="var(--mantine-color-teal-6)" strokeWidth={14} />
        <path d={arc(warn, max)} fill="none" stroke="var(--mantine-color-yellow-5)" strokeWidth={14} />
        <line
          x1={CX}
          y1={CY}
          x2={needle.x.toFixed(2)}
          y2={needle.y.toFixed(2)}
          stroke="var(--mantine-color-text)"
          strokeWidth={3}
          strokeLinecap="round"
        />
        <circle cx={CX} cy={CY} r={5} fill="var(--mantine-color-text)" />
      </svg>
      <Text fw={700} fz="lg" c={over ? 'red' : undefined} data-testid={`${testId}-value`}>
        {formatPercent(loanToValue, language, 1)}
      </Text>
      <Text size="sm" c="dimmed" ta="center">
        {t('risk.gauge.limit', { limit: formatPercent(limit, language, 1) })}
      </Text>
    </Stack>
  );
}

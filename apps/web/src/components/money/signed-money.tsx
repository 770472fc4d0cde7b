// A gain or a loss: green with a plus, red with a minus, plain at zero — with its rate when there is one.
import { Text, type TextProps } from '@mantine/core';
import { formatMoney, formatPercent } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/use-language';
import { signOf } from '../../lib/money/cents';

// Shade 7 reads on white; on the dark background it falls near 4:1, so the dark scheme takes shade 5.
const COLOR = {
  '-1': 'light-dark(var(--mantine-color-red-7), var(--mantine-color-red-5))',
  '0': undefined,
  '1': 'light-dark(var(--mantine-color-teal-7), var(--mantine-color-teal-5))',
} as const;

function withSign(text: string, sign: -1 | 0 | 1): string {
  // Intl writes the minus already; a gain gets its plus here.
  return sign === 1 ? `+${text}` : text;
}

export function SignedMoney({
  amount,
  rate,
  testId,
  stacked,
  ...props
}: {
  amount: string;
  rate?: string;
  testId?: string;
  /** The rate on a line of its own, smaller: for narrow table columns and headline figures. */
  stacked?: boolean;
} & TextProps) {
  const language = useLanguage();
  const sign = signOf(amount);
  const money = withSign(formatMoney(amount, language), sign);
  const percent = rate === undefined ? null : withSign(formatPercent(rate, language), signOf(rate));
  return (
    <Text component="span" c={COLOR[sign]} fw={600} inherit data-testid={testId} {...props}>
      {money}
      {percent && (
        <span
          style={stacked ? { display: 'block', whiteSpace: 'nowrap', fontSize: '0.8em' } : { whiteSpace: 'nowrap' }}
        >
          {' '}
          ({percent})
        </span>
      )}
    </Text>
  );
}

// A gain or a loss: green with a plus, red with a minus, plain at zero — with its rate when there is one.
import { Text, type TextProps } from '@mantine/core';
import { formatMoney, formatPercent } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/use-language';
import { signOf } from '../../lib/money/cents';

// The theme's text colours, which read at 4.5:1 or better in both schemes (lib/theme/theme.ts).
const COLOR = { '-1': 'red', '0': undefined, '1': 'teal' } as const;

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
    <Text component="span" c={COLOR[sign]} fw={600} inherit data-testid={testId} data-sign={sign} {...props}>
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

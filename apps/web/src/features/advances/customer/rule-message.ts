// A rule message (shared key + values) in the reader's words: euro figures for amount messages, plain
// counts for the instalments message, as the public calculator writes them.
import type { CalculatorMessage } from '@lombard/shared/money/advance-calculator';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/use-language';

export function useRuleMessage() {
  const { t } = useTranslation(['loan', 'validation', 'errors']);
  const language = useLanguage();
  /** `money` writes whole euros when the figure has no cents (limits such as the minimum), `cents` exact amounts, `count` plain numbers. */
  return (issue: CalculatorMessage | undefined, kind: 'money' | 'cents' | 'count' = 'money'): string | undefined => {
    if (!issue) return undefined;
    const values: Record<string, string> = {};
    for (const [name, value] of Object.entries(issue.params ?? {})) {
      values[name] =
        kind === 'count'
          ? formatNumber(String(value), language)
          : // A limit with cents keeps them: rounded up, it would name an amount that is refused.
            formatMoney(String(value), language, { cents: kind === 'cents' || !/^\d+(\.0+)?$/.test(String(value)) });
    }
    return t(issue.key, values) as string;
  };
}

/** A form's amount (a number from the field, or text) as a decimal string with cents ("5000.00"), or null. */
export function amountText(value: number | string): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value.toFixed(2) : null;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  return match ? `${match[1]}.${(match[2] ?? '').padEnd(2, '0')}` : null;
}

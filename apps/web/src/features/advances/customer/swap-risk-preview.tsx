// Before a swap is signed: the distance to a margin call with the lines pledged now and after the swap,
// and what the free investments would let the customer borrow after it (GET …/swap-risk/).
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPercent } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/use-language';
import { swapRiskQuery } from './risk-queries';

export function SwapRiskPreview({
  advanceId,
  giveBack,
  pledge,
}: {
  advanceId: number;
  giveBack: readonly string[];
  pledge: readonly string[];
}) {
  const { t } = useTranslation('loan');
  const language = useLanguage();
  const risk = useQuery(swapRiskQuery(advanceId, giveBack, pledge));
  if (!risk.data || risk.isPlaceholderData) return null;
  const { before, after } = risk.data;
  return (
    <Text size="sm" data-testid="swap-risk">
      {before.fall && after.fall
        ? t('risk.swap.fall', {
            before: formatPercent(before.fall, language),
            after: formatPercent(after.fall, language),
          })
        : null}{' '}
      {t('risk.swap.power', {
        before: formatMoney(risk.data.borrowing_power_before, language),
        after: formatMoney(risk.data.borrowing_power_after, language),
      })}
    </Text>
  );
}

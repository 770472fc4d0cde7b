// The sentence under the gauge, on the advance page and the home card: how far all the pledged collateral
// may fall before a margin call opens. A file of its own so that the home's card brings no replay or table.
import type { AdvanceRisk } from '@lombard/shared/schemas/advance-risk';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPercent } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/use-language';

/** The sentence under the gauge: how far all the collateral may fall, or that the loan is above its limit. */
export function FallSentence({ risk }: { risk: AdvanceRisk }) {
  const { t } = useTranslation('loan');
  const language = useLanguage();
  if (risk.in_call) return <Text c="red">{t('risk.inCall')}</Text>;
  if (!risk.fall || !risk.fall_amount) return null;
  return (
    <Text data-testid="risk-fall">
      {t('risk.fall', {
        fall: formatPercent(risk.fall, language),
        amount: formatMoney(risk.fall_amount, language),
      })}
    </Text>
  );
}

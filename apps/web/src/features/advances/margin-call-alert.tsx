// The margin call, wherever the customer looks (advance page, home): the loan is above what its collateral
// allows today, and the two ways back — repay the shortfall or pledge collateral worth the amount shown.
import type { MarginCall } from '@lombard/shared/schemas/advances';
import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/use-language';

export function MarginCallAlert({ call, link }: { call: MarginCall; link?: string }) {
  const { t } = useTranslation('advance');
  const language = useLanguage();
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t('marginCall.title')}
      data-testid="margin-call"
    >
      <Text size="sm">
        {t('marginCall.body', {
          outstanding: formatMoney(call.outstanding, language),
          limit: formatMoney(call.limit, language),
          shortfall: formatMoney(call.shortfall, language),
          collateral: formatMoney(call.collateral_to_add, language),
        })}
      </Text>
      <Text size="sm" mt={6}>
        {t('marginCall.lastResort')}
      </Text>
      {link && (
        <Anchor component={Link} to={link} size="sm" fw={600} mt={6} display="inline-block">
          {t('marginCall.open')}
        </Anchor>
      )}
    </Alert>
  );
}

import type { Position } from '@lombard/shared/schemas/wallet';
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, todayIso } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/use-language';
import { disinvestPage } from '../../lib/money/keys';

/**
 * "Disinvest" leads to the product's sell screen. Before the minimum holding period ends it is disabled
 * and says from which day it opens; with every unit pledged or reserved there is nothing to sell.
 */
export function DisinvestLink({ position }: { position: Position }) {
  const { t } = useTranslation('wallet');
  const language = useLanguage();
  const from = position.disinvestable_from;
  const waiting = from !== null && from > todayIso();
  // Units are a plain decimal string: no digit other than zero means none.
  const nothingFree = !/[1-9]/.test(position.available_units);
  const testId = `disinvest-${position.product.id}`;
  if (waiting || nothingFree) {
    return (
      <Stack gap={2} align="flex-start">
        <Button size="compact-sm" variant="default" disabled data-testid={testId}>
          {t('positions.disinvest')}
        </Button>
        <Text size="xs" c="dimmed" data-testid={`${testId}-reason`}>
          {waiting ? t('positions.disinvestFrom', { date: formatDate(from, language) }) : t('positions.noneAvailable')}
        </Text>
      </Stack>
    );
  }
  return (
    <Button
      component={Link}
      to={disinvestPage(position.product.id)}
      size="compact-sm"
      variant="light"
      data-testid={testId}
    >
      {t('positions.disinvest')}
    </Button>
  );
}

// Before borrowing, under the request form's figures: the fall of the chosen collateral the amount would
// leave before a margin call, and behind a native disclosure (it opens before the app has loaded) the
// same crisis replay and custom fall the advance page shows after borrowing, on the amount asked.
import type { AdvanceRisk } from '@lombard/shared/schemas/advance-risk';
import { Box, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/use-language';
import { CrisisReplay } from './crisis-replay';
import { riskPreviewQuery } from './risk-queries';

export function RequestRisk({
  risk,
  amount,
  collateral,
}: {
  risk: AdvanceRisk;
  amount: string | null;
  collateral: readonly string[];
}) {
  const { t } = useTranslation('loan');
  const language = useLanguage();
  if (!risk.fall || risk.in_call) return null;
  return (
    <Stack gap={6}>
      <Text size="sm" data-testid="request-risk">
        {t('risk.preview', { fall: formatPercent(risk.fall, language) })}
      </Text>
      {risk.lines.length > 0 && (
        <Box component="details" data-testid="request-replay">
          <Text component="summary" size="sm" c="var(--mantine-color-anchor)" style={{ cursor: 'pointer' }}>
            {t('risk.previewReplay')}
          </Text>
          <Box mt="sm">
            <CrisisReplay risk={risk} framed={false} fallQuery={(fall) => riskPreviewQuery(amount, collateral, fall)} />
          </Box>
        </Box>
      )}
    </Stack>
  );
}

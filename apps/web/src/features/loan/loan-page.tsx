import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../lib/page-meta';

export type LoanSection = 'overview' | 'confirmLoan' | 'calculator';

/**
 * The screens of this section. Until they are built, each route shows its heading and what it will
 * hold, so that navigation and the profile guards work end to end.
 */
export function LoanPage({ section }: { section: LoanSection }) {
  const { t } = useTranslation('loan');
  usePageMeta(t(`sections.${section}.title`));
  return (
    <Stack gap={6} maw={760} data-testid={`loan-${section}`}>
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t(`sections.${section}.title`)}
      </Title>
      <Text c="dimmed">{t(`sections.${section}.description`)}</Text>
    </Stack>
  );
}

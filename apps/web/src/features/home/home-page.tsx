import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../lib/page-meta';

export type HomeSection = 'overview';

/**
 * The screens of this section. Until they are built, each route shows its heading and what it will
 * hold, so that navigation and the profile guards work end to end.
 */
export function HomePage({ section }: { section: HomeSection }) {
  const { t } = useTranslation('home');
  usePageMeta(t(`sections.${section}.title`));
  return (
    <Stack gap={6} maw={760} data-testid={`home-${section}`}>
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t(`sections.${section}.title`)}
      </Title>
      <Text c="dimmed">{t(`sections.${section}.description`)}</Text>
    </Stack>
  );
}

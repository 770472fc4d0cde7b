import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../lib/page-meta';

export function HomePage() {
  const { t } = useTranslation('landing');
  usePageMeta(t('home.meta.title'), t('home.meta.description'));
  return (
    <Container size="lg" py={64}>
      <Stack gap="lg" maw={720}>
        <Title order={1}>{t('home.hero.title')}</Title>
        <Text size="lg" c="dimmed">
          {t('home.hero.subtitle')}
        </Text>
        <Group>
          <Button size="md">{t('home.hero.cta')}</Button>
        </Group>
      </Stack>
    </Container>
  );
}

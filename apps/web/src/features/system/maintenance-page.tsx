import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../lib/page-meta';

export function MaintenancePage() {
  const { t } = useTranslation('system');
  usePageMeta(t('maintenance.title'));
  return (
    <Container size="sm" py={96} data-testid="maintenance-page">
      <Stack gap="md" ta="center">
        <Title order={1}>{t('maintenance.title')}</Title>
        <Text c="dimmed">{t('maintenance.body')}</Text>
      </Stack>
    </Container>
  );
}

import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageMeta } from '../../lib/page-meta';

export function NotFoundPage() {
  const { t } = useTranslation('system');
  usePageMeta(t('notFound.title'));
  return (
    <Container size="sm" py={96} data-testid="not-found-page">
      <Stack gap="md" align="center" ta="center">
        <Text fz={72} fw={800} c="dimmed" aria-hidden>
          404
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.body')}</Text>
        <Button component={Link} to="/home/">
          {t('notFound.back')}
        </Button>
      </Stack>
    </Container>
  );
}

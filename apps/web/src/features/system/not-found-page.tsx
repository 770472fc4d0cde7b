import { Button, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconHome, IconMapSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePageMeta } from '../../lib/page-meta';

/** Catch-all: any unknown path, inside the landing layout so the visitor can navigate on. */
export function NotFoundPage() {
  const { t } = useTranslation('system');
  const navigate = useNavigate();
  usePageMeta(t('notFound.title'), t('notFound.body'));
  // The history entry before this one belongs to this site only when the visitor navigated here.
  const canGoBack = typeof window !== 'undefined' && (window.history.state?.idx ?? 0) > 0;
  return (
    <Container size="sm" py={{ base: 64, sm: 112 }} data-testid="not-found-page">
      <Stack gap="lg" align="center" ta="center">
        <ThemeIcon size={80} radius="xl" variant="light" aria-hidden>
          <IconMapSearch size={42} stroke={1.4} />
        </ThemeIcon>
        <Text
          fz={{ base: 64, sm: 96 }}
          fw={900}
          lh={1}
          variant="gradient"
          gradient={{ from: 'navy.6', to: 'navy.3', deg: 135 }}
          aria-hidden
        >
          404
        </Text>
        <Title order={1} fz={{ base: 26, sm: 34 }}>
          {t('notFound.title')}
        </Title>
        <Text c="dimmed" maw={440}>
          {t('notFound.body')}
        </Text>
        <Group justify="center" mt="sm">
          <Button component={Link} to="/home/" leftSection={<IconHome size={18} stroke={1.6} />}>
            {t('notFound.back')}
          </Button>
          {canGoBack && (
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={18} stroke={1.6} />}
              onClick={() => navigate(-1)}
            >
              {t('notFound.previous')}
            </Button>
          )}
        </Group>
      </Stack>
    </Container>
  );
}

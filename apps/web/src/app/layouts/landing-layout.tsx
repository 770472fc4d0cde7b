import { Anchor, AppShell, Box, Container, Group, Text } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageMenu } from '../../components/language-menu';
import { PageLoader } from '../../components/page-loader';
import { ThemeToggle } from '../../components/theme-toggle';

/** Public site: navbar, page, footer. */
export function LandingLayout() {
  const { t } = useTranslation('common');
  return (
    <AppShell header={{ height: 64 }} padding={0}>
      <AppShell.Header>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between">
            <Anchor component={Link} to="/home/" fw={800} fz="xl" underline="never" aria-label={t('brand.home')}>
              Lombard
            </Anchor>
            <Group gap="xs">
              <LanguageMenu />
              <ThemeToggle />
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main>
        <Box component="main" id="main">
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
        <Box component="footer" py="xl" mt="xl" bg="var(--mantine-color-default-hover)">
          <Container size="lg">
            <Text size="sm" c="dimmed">
              {t('footer.copyright', { year: new Date().getFullYear() })}
            </Text>
          </Container>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}

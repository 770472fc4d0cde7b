// Layout of the sign-in screens: the brand, the language menu and the theme toggle above a centred
// card. Used under /auth and by the one-time link screens.
import { Anchor, Box, Center, Group } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageMenu } from '../../components/language-menu';
import { PageLoader } from '../../components/page-loader';
import { ThemeToggle } from '../../components/theme-toggle';

export function AuthLayout() {
  const { t } = useTranslation('common');
  return (
    <Box
      mih="100dvh"
      style={{
        display: 'flex',
        flexDirection: 'column',
        background:
          'linear-gradient(180deg, light-dark(var(--mantine-color-navy-0), var(--mantine-color-dark-6)) 0%, var(--mantine-color-body) 60%)',
      }}
    >
      <Group component="header" justify="space-between" px={{ base: 'md', sm: 'xl' }} py="md">
        <Anchor component={Link} to="/home/" fw={800} fz="xl" underline="never" aria-label={t('brand.home')}>
          Lombard
        </Anchor>
        <Group gap="xs">
          <LanguageMenu />
          <ThemeToggle />
        </Group>
      </Group>
      <Center component="main" id="main" style={{ flex: 1 }} px="md" pb={64} pt={{ base: 'md', sm: 48 }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Center>
    </Box>
  );
}

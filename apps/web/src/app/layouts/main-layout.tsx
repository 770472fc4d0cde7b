// The customer area's shell: header (brand, language, theme, avatar menu), a side navigation built from
// the server menu of the active profile, which becomes a burger-opened drawer below `md`.
import type { Locale } from '@lombard/shared/locale';
import type { Profile } from '@lombard/shared/permissions';
import type { MenuItem } from '@lombard/shared/schemas/auth';
import { Box, Burger, Group, NavLink, Skeleton, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconArrowsExchange,
  IconBuildingBank,
  IconCash,
  IconChartPie,
  IconCircle,
  IconCoinEuro,
  IconFileText,
  IconHome,
  IconSettings,
  IconUser,
  IconWallet,
  type TablerIcon,
} from '@tabler/icons-react';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { LanguageMenu } from '../../components/language-menu';
import { PageLoader } from '../../components/page-loader';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import { ThemeToggle } from '../../components/theme-toggle';
import { UserMenu } from '../../components/user-menu';
import { SiteFooter } from '../../features/landing/components/site-footer';
import { NotificationBell } from '../../features/notifications/customer/notification-bell';
import { useChangeLanguage } from '../../lib/session/change-language';
import { rememberRoute } from '../../lib/session/last-route';
import { PROFILE_PATH } from '../../lib/session/navigation';
import { useActiveProfile, useMenu } from '../../lib/session/session-queries';
import classes from './main-layout.module.css';

/** Server menu icons (tabler names) → components; only these few are bundled. */
const ICONS: Record<string, TablerIcon> = {
  home: IconHome,
  wallet: IconWallet,
  'chart-pie': IconChartPie,
  'arrows-exchange': IconArrowsExchange,
  'file-text': IconFileText,
  cash: IconCash,
  'coin-euro': IconCoinEuro,
  user: IconUser,
  'building-bank': IconBuildingBank,
};

const NAVBAR_ID = 'main-navbar';

type FallbackKey = 'home' | 'wallet' | 'product' | 'transaction' | 'profile';
const FALLBACK: Record<FallbackKey, { path: string; icon: string }> = {
  home: { path: '/customer/home/', icon: 'home' },
  wallet: { path: '/customer/wallet/', icon: 'wallet' },
  product: { path: '/customer/product/', icon: 'chart-pie' },
  transaction: { path: '/customer/transaction/', icon: 'arrows-exchange' },
  profile: { path: PROFILE_PATH, icon: 'user' },
};

/**
 * The fallback tabs when the menu cannot be loaded: Home, Portfolio, Funds, Transactions, Profile;
 * the reduced set, Funds and Profile, for a base profile (which may not open the others).
 */
export function fallbackMenuKeys(profile: Profile | null): FallbackKey[] {
  if (profile === 'base' || profile === null) return ['product', 'profile'];
  return ['home', 'wallet', 'product', 'transaction', 'profile'];
}

function useNavigationItems(): { items: MenuItem[]; loading: boolean } {
  const { t } = useTranslation('navigation');
  const profile = useActiveProfile();
  const menu = useMenu();
  if (menu.data) return { items: menu.data, loading: false };
  if (!menu.isError) return { items: [], loading: true };
  const items = fallbackMenuKeys(profile).map((key, position) => ({
    key,
    label: t(`fallback.${key}`),
    ...FALLBACK[key],
    position,
  }));
  return { items, loading: false };
}

function isActive(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`);
}

function Navigation({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('navigation');
  const { pathname } = useLocation();
  const { items, loading } = useNavigationItems();
  return (
    <Stack gap={4} component="nav" aria-label={t('mainNavigation')} data-testid="main-navigation">
      {loading
        ? [0, 1, 2, 3].map((n) => <Skeleton key={n} h={40} radius="md" />)
        : items.map((item) => {
            const Icon = ICONS[item.icon] ?? IconCircle;
            return (
              <NavLink
                key={item.key}
                component={Link}
                to={item.path}
                label={item.label}
                leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
                active={isActive(pathname, item.path)}
                onClick={onNavigate}
                data-testid={`nav-${item.key}`}
                styles={{ root: { borderRadius: 'var(--mantine-radius-md)' }, label: { fontWeight: 600 } }}
              />
            );
          })}
    </Stack>
  );
}

export function MainLayout() {
  const { t } = useTranslation('navigation');
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const changeLanguage = useChangeLanguage();
  const onLanguage = (locale: Locale) => changeLanguage.mutate(locale);

  useEffect(() => {
    rememberRoute(`${location.pathname}${location.search}`);
    close();
  }, [location.pathname, location.search, close]);

  return (
    <div className={classes.frame}>
      <SkipLink>{t('skipToContent')}</SkipLink>
      <header className={classes.header}>
        <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={t(opened ? 'closeMenu' : 'openMenu')}
              aria-expanded={opened}
              aria-controls={NAVBAR_ID}
              data-testid="nav-burger"
            />
            <Link to="/home/" aria-label={t('brandHome')} style={{ textDecoration: 'none', display: 'flex' }}>
              <BrandLogo size={30} />
            </Link>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Group gap="xs" wrap="nowrap" visibleFrom="sm">
              <LanguageMenu onChange={onLanguage} />
              <ThemeToggle />
            </Group>
            <NotificationBell />
            <UserMenu context="app" withName />
          </Group>
        </Group>
      </header>

      <div id={NAVBAR_ID} className={classes.navbar} data-opened={opened || undefined}>
        {/* The browser's own scrolling: Mantine's ScrollArea would bring floating-ui into every page. */}
        <div className={classes.links}>
          <Navigation onNavigate={close} />
        </div>
        <div className={classes.footer}>
          <NavLink
            component={Link}
            to="/customer/setting/"
            label={t('settings')}
            leftSection={<IconSettings size={20} stroke={1.6} aria-hidden />}
            active={isActive(location.pathname, '/customer/setting/')}
            onClick={close}
            styles={{ root: { borderRadius: 'var(--mantine-radius-md)' }, label: { fontWeight: 600 } }}
            data-testid="nav-settings"
          />
          {/* On phones the header has no room for these: they live at the bottom of the drawer. */}
          <Group gap="xs" mt="sm" hiddenFrom="sm">
            <LanguageMenu onChange={onLanguage} />
            <ThemeToggle />
          </Group>
        </div>
      </div>

      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <Box style={{ flex: 1 }}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
        {/* The site's footer, with the regulatory disclaimer of the customer area. */}
        <Box mt={48}>
          <Suspense fallback={null}>
            <SiteFooter context="main" />
          </Suspense>
        </Box>
      </main>
    </div>
  );
}

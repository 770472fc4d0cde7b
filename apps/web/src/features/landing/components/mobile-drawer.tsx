// Below the large-screen breakpoint the navigation is a right-side overlay drawer with Login
// (or the signed-in user), the links, the theme switch and the language dropdown. Full width on phones
// (under MOBILE_DRAWER_BREAKPOINT_PX, site-navbar.module.css), a side panel on tablets. A native popover
// in the top layer (navbar-menu.tsx): rendered with the page, shown by the browser.
import { Button, CloseButton, Divider, Group, Stack, Text } from '@mantine/core';
import { IconLogin2, IconMail } from '@tabler/icons-react';
import { type Ref, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../../components/brand-logo';
import { ThemeToggle } from '../../../components/theme-toggle';
import { AppLink, AppNavLink } from '../../../lib/app-link';
import { lazyComponent } from '../../../lib/lazy-component';
import { LanguageControl } from './navbar-controls';
import { DRAWER_ID, LANDING_PATHS, NAV_LINKS } from './site-links';
import classes from './site-navbar.module.css';

const DrawerAccount = lazyComponent('drawer-account', () => import('./drawer-account').then((m) => m.DrawerAccount));

interface Props {
  ref: Ref<HTMLDivElement>;
  /** A link was followed: the drawer closes and the new page takes the focus. */
  onNavigate: () => void;
  signedIn: boolean;
  /** The theme and language controls: from just after hydration on (navbar-menu.tsx). */
  withControls: boolean;
}

export function MobileDrawer({ ref, onNavigate, signedIn, withControls }: Props) {
  const { t } = useTranslation('landing');
  return (
    // In the top layer once open: above the cookie bar of a first visit and the sticky header.
    <div
      ref={ref}
      id={DRAWER_ID}
      popover="auto"
      role="dialog"
      aria-label={t('nav.menu')}
      className={classes.drawer}
      data-testid="navbar-drawer"
    >
      <Group justify="space-between" wrap="nowrap" mb="md">
        <BrandLogo size={28} />
        <CloseButton
          size="lg"
          popoverTarget={DRAWER_ID}
          popoverTargetAction="hide"
          aria-label={t('nav.closeMenu')}
          data-testid="navbar-drawer-close"
        />
      </Group>
      <Stack gap="lg">
        {signedIn ? (
          <Suspense fallback={null}>
            <DrawerAccount onNavigate={onNavigate} />
          </Suspense>
        ) : (
          <Stack gap="xs">
            <Button
              component={AppLink}
              to={LANDING_PATHS.login}
              size="md"
              fullWidth
              leftSection={<IconLogin2 size={18} aria-hidden />}
              onClick={onNavigate}
              data-testid="drawer-login"
            >
              {t('nav.login')}
            </Button>
            <Button
              component={AppLink}
              to={LANDING_PATHS.register}
              size="md"
              variant="default"
              fullWidth
              onClick={onNavigate}
            >
              {t('nav.register')}
            </Button>
          </Stack>
        )}
        <Stack component="nav" aria-label={t('nav.label')} gap={4}>
          {NAV_LINKS.map((link) => (
            <AppNavLink key={link.key} to={link.to} className={classes.drawerLink} onClick={onNavigate}>
              {t(`nav.${link.key}`)}
            </AppNavLink>
          ))}
          <Button
            component={AppLink}
            to={LANDING_PATHS.contact}
            size="md"
            variant="light"
            mt="xs"
            leftSection={<IconMail size={18} aria-hidden />}
            onClick={onNavigate}
          >
            {t('nav.contact')}
          </Button>
        </Stack>
        {withControls && (
          <>
            <Divider />
            <Group justify="space-between">
              <Text fw={500}>{t('nav.theme')}</Text>
              <ThemeToggle />
            </Group>
            <Group justify="space-between">
              <Text fw={500}>{t('nav.language')}</Text>
              <LanguageControl signedIn={signedIn} />
            </Group>
          </>
        )}
      </Stack>
    </div>
  );
}

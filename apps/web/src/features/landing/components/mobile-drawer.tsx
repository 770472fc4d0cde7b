// Below the large-screen breakpoint the navigation is a right-side overlay drawer with Login
// (or the signed-in user), the links, the theme switch and the language dropdown. Full width on phones
// (under MOBILE_DRAWER_BREAKPOINT_PX), a side panel on tablets.
import { MOBILE_DRAWER_BREAKPOINT_PX } from '@lombard/shared/constants';
import { Button, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLogin2, IconMail } from '@tabler/icons-react';
import { Suspense } from 'react';
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
  opened: boolean;
  /** Escape, the overlay or the close button. */
  onClose: () => void;
  /** A link was followed: the drawer closes and the new page takes the focus. */
  onNavigate: () => void;
  signedIn: boolean;
}

export function MobileDrawer({ opened, onClose, onNavigate, signedIn }: Props) {
  const { t } = useTranslation('landing');
  const phone = useMediaQuery(`(max-width: ${MOBILE_DRAWER_BREAKPOINT_PX - 0.02}px)`, true, {
    getInitialValueInEffect: false,
  });
  return (
    <Drawer
      id={DRAWER_ID}
      opened={opened}
      onClose={onClose}
      returnFocus={false}
      // Above the cookie bar of a first visit, which would otherwise cover the drawer's controls.
      zIndex={400}
      position="right"
      size={phone ? '100%' : 360}
      title={<BrandLogo size={28} />}
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
      data-testid="navbar-drawer"
    >
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
        <Divider />
        <Group justify="space-between">
          <Text fw={500}>{t('nav.theme')}</Text>
          <ThemeToggle />
        </Group>
        <Group justify="space-between">
          <Text fw={500}>{t('nav.language')}</Text>
          <LanguageControl signedIn={signedIn} />
        </Group>
      </Stack>
    </Drawer>
  );
}

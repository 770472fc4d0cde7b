// The landing navbar. From the large-screen breakpoint up: Home, Why us, About us, Support, Contact as
// a button, then Login or the avatar menu, the language dropdown and the theme switch. Below it: the
// brand and a Menu button that opens a right-side drawer. What a visitor may never use on this screen
// size (drawer, dropdown menus, the signed-in avatar) is a separate chunk loaded on demand, so that a
// phone's first view downloads only the bar itself.
import { Box, Button, Container, Group, Skeleton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMenu2 } from '@tabler/icons-react';
import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo';
import { lazyComponent } from '../../../lib/lazy-component';
import { useSignedIn } from '../../../lib/session/token-store';
import { LANDING_PATHS, NAV_LINKS } from './site-links';
import classes from './site-navbar.module.css';

/** Mantine's `lg`: the "large screen" from which the navbar shows its links in line. */
export const LARGE_SCREEN_QUERY = '(min-width: 75em)';

const NavbarControls = lazyComponent('navbar-controls', () =>
  import('./navbar-controls').then((m) => m.NavbarControls),
);
const LandingUserMenu = lazyComponent('landing-user-menu', () =>
  import('./landing-user-menu').then((m) => m.LandingUserMenu),
);
const MobileDrawer = lazyComponent('mobile-drawer', () => import('./mobile-drawer').then((m) => m.MobileDrawer));

export const DRAWER_ID = 'site-navigation-drawer';

export function SiteNavbar() {
  const { t } = useTranslation('landing');
  // Only to close the drawer when the window grows past the breakpoint; the bars themselves are CSS.
  const large = useMediaQuery(LARGE_SCREEN_QUERY);
  const signedIn = useSignedIn();
  // null: never opened, so the drawer's chunk has not been requested.
  const [drawer, setDrawer] = useState<boolean | null>(null);
  const menuButton = useRef<HTMLButtonElement>(null);

  return (
    <Box component="header" className={classes.header} data-testid="site-navbar">
      <a href="#main" className={classes.skip}>
        {t('nav.skip')}
      </a>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="md">
          <Link to={LANDING_PATHS.home} aria-label={t('nav.brandHome')} style={{ textDecoration: 'none' }}>
            <BrandLogo />
          </Link>
          {/* Both bars are in the page and CSS shows one, so that the server's HTML fits every screen. */}
          <Group visibleFrom="lg" gap="md" wrap="nowrap" data-testid="navbar-large">
            <Group component="nav" aria-label={t('nav.label')} gap={2} wrap="nowrap" data-testid="navbar-links">
              {NAV_LINKS.map((link) => (
                <NavLink key={link.key} to={link.to} className={classes.link}>
                  {t(`nav.${link.key}`)}
                </NavLink>
              ))}
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Button component={Link} to={LANDING_PATHS.contact} radius="md" data-testid="navbar-contact">
                {t('nav.contact')}
              </Button>
              {signedIn ? (
                <Suspense fallback={<Skeleton circle height={36} />}>
                  <LandingUserMenu />
                </Suspense>
              ) : (
                <Button component={Link} to={LANDING_PATHS.login} variant="default" data-testid="navbar-login">
                  {t('nav.login')}
                </Button>
              )}
              <Suspense fallback={<Box w={112} h={36} />}>
                <NavbarControls signedIn={signedIn} />
              </Suspense>
            </Group>
          </Group>
          <Button
            hiddenFrom="lg"
            ref={menuButton}
            variant="default"
            leftSection={<IconMenu2 size={18} stroke={1.8} aria-hidden />}
            onClick={() => setDrawer(true)}
            aria-haspopup="dialog"
            aria-expanded={drawer === true}
            aria-controls={drawer ? DRAWER_ID : undefined}
            data-testid="navbar-menu-button"
          >
            {t('nav.menu')}
          </Button>
        </Group>
      </Container>
      {drawer !== null && !large && (
        <Suspense fallback={null}>
          <MobileDrawer
            opened={drawer}
            // Closed with Escape or the close button: focus goes back to the Menu button. The drawer is
            // mounted already open the first time, so Mantine has no element of its own to return to.
            onClose={() => {
              setDrawer(false);
              menuButton.current?.focus();
            }}
            onNavigate={() => setDrawer(false)}
            signedIn={signedIn}
          />
        </Suspense>
      )}
    </Box>
  );
}

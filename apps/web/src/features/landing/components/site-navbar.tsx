// The landing navbar. From the large-screen breakpoint up: Home, Why us, About us, Support, Contact as
// a button, then Login or the avatar menu, the language dropdown and the theme switch. Below it: the
// brand and a Menu button that opens a right-side drawer. What a visitor may never use on this screen
// size (drawer, dropdown menus, the signed-in avatar) is a separate chunk loaded on demand, so that a
// phone's first view downloads only the bar itself. The Menu button and the language and theme controls
// are islands (lib/islands): on the home page they are all of the bar that the browser hydrates.
import { Box, Button, Container, Group, Skeleton } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo';
import { Island } from '../../../lib/islands/island';
import { lazyComponent } from '../../../lib/lazy-component';
import { useSignedIn } from '../../../lib/session/token-store';
import { NavbarMenu } from './navbar-menu';
import { LANDING_PATHS, NAV_LINKS } from './site-links';
import classes from './site-navbar.module.css';

const NavbarControls = lazyComponent('navbar-controls', () =>
  import('./navbar-controls').then((m) => m.NavbarControls),
);
const LandingUserMenu = lazyComponent('landing-user-menu', () =>
  import('./landing-user-menu').then((m) => m.LandingUserMenu),
);

export function SiteNavbar() {
  const { t } = useTranslation('landing');
  const signedIn = useSignedIn();

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
                <Island id="navbar-controls" component={NavbarControls} props={{ signedIn }} />
              </Suspense>
            </Group>
          </Group>
          <Island id="navbar-menu" component={NavbarMenu} props={{ signedIn }} />
        </Group>
      </Container>
    </Box>
  );
}

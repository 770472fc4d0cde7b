// The Menu button of the navbar below the large-screen breakpoint, and the drawer it opens. An island
// of the public pages (lib/islands): the drawer's chunk is fetched at the first idle moment after the
// button is hydrated, so the first tap opens it without waiting for the network (decision 9xx).
import { Button } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMenu2 } from '@tabler/icons-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent, preloadComponents } from '../../../lib/lazy-component';
import { DRAWER_ID, LARGE_SCREEN_QUERY } from './site-links';

const MobileDrawer = lazyComponent('mobile-drawer', () => import('./mobile-drawer').then((m) => m.MobileDrawer));

export function NavbarMenu({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('landing');
  // Only to close the drawer when the window grows past the breakpoint; the bars themselves are CSS.
  const large = useMediaQuery(LARGE_SCREEN_QUERY);
  // null: never opened, so the drawer's chunk has not been requested.
  const [drawer, setDrawer] = useState<boolean | null>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (large !== false) return;
    const load = () => void preloadComponents(['mobile-drawer']);
    if (typeof requestIdleCallback !== 'function') return load();
    const idle = requestIdleCallback(load, { timeout: 2_000 });
    return () => cancelIdleCallback(idle);
  }, [large]);
  return (
    <>
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
    </>
  );
}

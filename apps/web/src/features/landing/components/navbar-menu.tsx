// The Menu button of the navbar below the large-screen breakpoint, and the drawer it opens. An island
// of the public pages (lib/islands). The drawer is a native popover that the button opens through
// `popovertarget` (decision 033): the browser opens it at the tap, without React, so it answers in the
// next frame even before the island is hydrated or while the phone is busy; Escape and a tap outside
// close it and the focus goes back to the button, as the browser does for a popover.
import { Button } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMenu2 } from '@tabler/icons-react';
import { startTransition, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MobileDrawer } from './mobile-drawer';
import { DRAWER_ID, LARGE_SCREEN_QUERY } from './site-links';

export function NavbarMenu({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('landing');
  // Only to close the drawer when the window grows past the breakpoint; the bars themselves are CSS.
  const large = useMediaQuery(LARGE_SCREEN_QUERY);
  const drawer = useRef<HTMLDivElement>(null);
  // Mirrors the popover's state for aria-expanded; it may have opened before hydration.
  const [open, setOpen] = useState(false);
  // The theme and language controls join the drawer after hydration, in a transition, below the
  // large-screen breakpoint (or at its first opening): hydrating the Menu island costs less, and the
  // first opening, a tap on a phone, has nothing new to draw (decision 044). Above it the navbar's own are
  // the page's only ones.
  const [controls, setControls] = useState(false);
  useEffect(() => {
    const panel = drawer.current;
    if (!panel) return;
    // React follows the browser in a transition: the drawer is already open (or closed), and drawing it
    // again must not hold the frames after the tap.
    const follow = () =>
      startTransition(() => {
        const now = panel.matches(':popover-open');
        setOpen(now);
        if (now) setControls(true);
      });
    follow();
    if (!matchMedia(LARGE_SCREEN_QUERY).matches) startTransition(() => setControls(true));
    panel.addEventListener('toggle', follow);
    return () => panel.removeEventListener('toggle', follow);
  }, []);
  useEffect(() => {
    if (large && drawer.current?.matches(':popover-open')) drawer.current.hidePopover();
  }, [large]);
  return (
    <>
      <Button
        hiddenFrom="lg"
        variant="default"
        leftSection={<IconMenu2 size={18} stroke={1.8} aria-hidden />}
        popoverTarget={DRAWER_ID}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={DRAWER_ID}
        data-testid="navbar-menu-button"
      >
        {t('nav.menu')}
      </Button>
      <MobileDrawer
        ref={drawer}
        // A link followed inside the app (a signed-in visitor's page) does not load a new page.
        onNavigate={() => {
          if (drawer.current?.matches(':popover-open')) drawer.current.hidePopover();
        }}
        signedIn={signedIn}
        withControls={controls}
      />
    </>
  );
}

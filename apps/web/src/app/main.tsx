// The entry every page loads. It carries the styles and almost no code: a page the server rendered
// (the public site) is complete without JavaScript, so the app is fetched and hydrated only when the
// visitor starts to use the page (docs/decisions/006), or only its islands when the server made it of
// islands (017); any other page starts the app at once. So does
// a signed-in visitor's public page: their browser has the app cached, and the navbar shows their
// profile, which only the app can fetch.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import './global.css';
// After global.css, where MantineProvider's <style> used to come: unlayered, as that was.
import '../lib/theme/mantine-variables.gen.css';
import { SESSION_COOKIE } from '@lombard/shared/locale';
import { SSR_STATE_ELEMENT_ID } from '@lombard/shared/server-rendering';
import { listenForNativeChecks } from '../lib/forms/native-check';
import { INTERACTIVE_ATTRIBUTE } from '../lib/hydration';
import { hasIslands, reachIsland, startedIslandControls } from '../lib/islands/island-markup';
import { hydrateOnIntent, takeEarlyEvents } from './hydrate-on-intent';
import type { IslandGuard } from './islands-boot';

// A form the browser checks is flagged by this script at the tap, before the app and after (decision 041).
listenForNativeChecks();

// Not lib/cookies' readCookie: importing it here would add a second script to the first view, and a
// presence test needs no decoding.
const signedIn = document.cookie.split(/;\s*/).some((part) => part.startsWith(`${SESSION_COOKIE}=`));
// A server-rendered page held what was done before this script ran (a signed-in visitor's app hydrates
// at once and takes the next click itself).
const early = takeEarlyEvents();

if (!document.getElementById(SSR_STATE_ELEMENT_ID)) {
  void import('./boot').then((boot) => boot.startApp());
} else if (hasIslands()) {
  // A page made of islands (docs/decisions/017): only they are hydrated, never the whole app.
  const finished = () => {
    guard.active = false;
  };
  const guard: IslandGuard = {
    active: true,
    held: new Set(),
    // An island that starts later (near the screen, or reached for) has a guard of its own, and the
    // page is not interactive again until it is hydrated.
    start: (hydrate, island) => {
      guard.active = true;
      document.documentElement.removeAttribute(INTERACTIVE_ATTRIBUTE);
      hydrateOnIntent(
        hydrate,
        {},
        { startNow: true, typedIn: island, controls: startedIslandControls, onFinish: finished },
      );
    },
  };
  hydrateOnIntent(async () => (await import('./islands-boot')).hydrateIslands(guard), early, {
    controls: startedIslandControls,
    onFinish: finished,
    atIdle: true,
    // What the visitor acted on before the islands' code came: its island is needed, near the screen or not.
    onHold: (control) => {
      if (!reachIsland(control)) guard.held.add(control);
    },
  });
} else if (signedIn) {
  void import('./boot').then((boot) => boot.hydrateApp());
} else {
  hydrateOnIntent(async () => (await import('./boot')).hydrateApp(), early, { atIdle: true });
}

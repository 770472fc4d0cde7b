// Hydrates a page made of islands (lib/islands, docs/decisions/017, 033). Called by the first-view script
// once the page has loaded and is idle, or at the visitor's first sign of use if that comes first, as the
// app is on other pages (hydrate-on-intent). Each island is a React root of its own. Those on the screen
// or near it, and not hidden at this width, start at once; the rest of those shown at this width follow
// one at a time at idle moments, so that a first tap on the calculator finds its code already run, and
// any of them starts at once when it comes near the screen. Those hidden at this width (the large
// screen's controls on a phone) start only if they come near the screen.
import i18next from 'i18next';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { markPageHydrated } from '../lib/hydration';
import { initI18n } from '../lib/i18n/i18n';
import {
  ISLAND_ATTRIBUTE,
  ISLAND_INDEX_ATTRIBUTE,
  ISLAND_STARTED_ATTRIBUTE,
  islandIdPrefix,
  setIslandReach,
} from '../lib/islands/island-markup';
import { type IslandsState, isIslandsState, readSsrState } from '../lib/ssr-state';
import { IslandRoot } from './island-root';
import { ISLANDS } from './islands';

/** How near the screen an island starts: as near as a section loaded on scroll (LazyWhenVisible). */
const NEAR_SCREEN_PX = 160;

/**
 * The first-view script's guard of what the visitor does (hydrate-on-intent), which holds clicks and
 * typing until the controls of every started island are React's: `active` while one runs, and `start`
 * to run another for an island that starts after it finished.
 */
export interface IslandGuard {
  active: boolean;
  start: (hydrate: () => Promise<void>, island: HTMLElement) => void;
  /** What the guard held something for before the islands started: their islands start at once. */
  held: Set<Element>;
}

/** What starts an island at once, wherever it is: the visitor reaching for it. */
const REACHING_EVENTS = ['pointerdown', 'touchstart', 'focusin'] as const;

export async function hydrateIslands(guard: IslandGuard): Promise<void> {
  const state = readSsrState();
  if (!state || !isIslandsState(state)) throw new Error('the page has islands but no islands state');
  // The code of the islands near the screen is requested beside the catalogues rather than after them:
  // one round trip less before the first tap is answered on a slow link.
  for (const container of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
    const island = state.islands[Number(container.getAttribute(ISLAND_INDEX_ATTRIBUTE))];
    if (island && isNearScreen(container)) {
      void ISLANDS[island.id]?.().catch(() => undefined);
    }
  }
  await initI18n(state.locale);
  // The static rest of the page is in the language it was rendered in: another language is another page.
  i18next.on('languageChanged', () => window.location.reload());
  const { errorReporting } = state;
  if (errorReporting) void import('../lib/error-reporting').then((m) => m.followErrorReporting(errorReporting));

  const containers = [...document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)];
  // An island that shows nothing yet (the cookie bar after a choice) may show something at any time. One
  // the visitor has already used (a click held, a field typed into) is needed wherever the page is now:
  // they may have scrolled away from it while the code came.
  const used = new Set([...guard.held].map((control) => control.closest(`[${ISLAND_ATTRIBUTE}]`)));
  const nearNow = containers.filter(
    (container) => !container.children.length || isNearScreen(container) || used.has(container),
  );
  const first = Promise.all(nearNow.map((container) => hydrateIsland(container, state)));
  const later = containers.filter((container) => !nearNow.includes(container));
  const reach = later.length ? startWhenReached(later, (container) => startLate(container, state, guard)) : null;
  if (reach) setIslandReach(reach);
  await first;
  markPageHydrated();
  if (reach) startShownAtIdle(later, reach);
}

/**
 * Starts each island shown at this width, one per idle moment: each hydration is a short task of its
 * own, and a tap meanwhile is answered between two of them.
 */
function startShownAtIdle(containers: HTMLElement[], reach: (element: Element) => void): void {
  const shown = containers.filter((container) => [...container.children].some(hasBox));
  const next = () => {
    const container = shown.shift();
    if (!container) return;
    reach(container);
    whenIdle(next);
  };
  whenIdle(next);
}

const whenIdle = (callback: () => void) =>
  typeof requestIdleCallback === 'function'
    ? requestIdleCallback(callback, { timeout: 2_000 })
    : setTimeout(callback, 0);

/** No box: hidden at this width (display: none). */
function hasBox(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.width > 0 || box.height > 0;
}

/**
 * Calls `start` for each island as it comes near the screen, or as soon as the visitor reaches into it.
 * Returns what starts the island of a given control at once.
 */
function startWhenReached(
  containers: HTMLElement[],
  start: (container: HTMLElement) => void,
): (control: Element) => void {
  const waiting = new Set(containers);
  const startOnce = (container: HTMLElement) => {
    if (!waiting.delete(container)) return;
    for (const child of container.children) observer?.unobserve(child);
    if (!waiting.size) {
      observer?.disconnect();
      for (const type of REACHING_EVENTS) document.removeEventListener(type, onReach, true);
    }
    start(container);
  };
  const reach = (control: Element) => {
    const container = control.closest<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`);
    if (container) startOnce(container);
  };
  // Before the event reaches the control: the guard then holds the click or the typing that follows.
  const onReach = (event: Event) => {
    if (event.target instanceof Element) reach(event.target);
  };
  for (const type of REACHING_EVENTS) document.addEventListener(type, onReach, { capture: true, passive: true });
  const containerOf = new Map<Element, HTMLElement>();
  const observer =
    typeof IntersectionObserver === 'undefined'
      ? null
      : new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              const container = containerOf.get(entry.target);
              if (entry.isIntersecting && container) startOnce(container);
            }
          },
          { rootMargin: `${NEAR_SCREEN_PX}px 0px` },
        );
  for (const container of containers) {
    for (const child of container.children) {
      containerOf.set(child, container);
      observer?.observe(child);
    }
  }
  return reach;
}

/** An island that starts after the first ones. */
function startLate(container: HTMLElement, state: IslandsState, guard: IslandGuard) {
  // The running guard looks after every started island's controls (startedIslandControls).
  if (guard.active) void hydrateIsland(container, state);
  else guard.start(() => hydrateIsland(container, state), container);
}

function isNearScreen(container: HTMLElement): boolean {
  return [...container.children].some((child) => {
    if (!hasBox(child)) return false;
    const box = child.getBoundingClientRect();
    return box.bottom >= -NEAR_SCREEN_PX && box.top <= window.innerHeight + NEAR_SCREEN_PX;
  });
}

async function hydrateIsland(container: HTMLElement, state: IslandsState): Promise<void> {
  container.setAttribute(ISLAND_STARTED_ATTRIBUTE, 'true');
  const index = Number(container.getAttribute(ISLAND_INDEX_ATTRIBUTE));
  const island = state.islands[index];
  const load = island && ISLANDS[island.id];
  if (!load) throw new Error(`unknown island ${container.getAttribute(ISLAND_ATTRIBUTE)} at ${index}`);
  const [Component] = await Promise.all([load(), i18next.loadNamespaces(island.namespaces)]);
  await new Promise<void>((resolve) => {
    // In a transition: React then hydrates in slices of a few ms, so a tap that comes meanwhile (the
    // page hydrates at idle, before any tap: decision 033) is answered between two slices rather than
    // after one long task.
    startTransition(() => {
      hydrateRoot(
        container,
        <IslandRoot onCommit={resolve}>
          <Component {...island.props} />
        </IslandRoot>,
        {
          identifierPrefix: islandIdPrefix(index),
          // A mismatch is a bug: say so where the browser tests look (React re-renders the island).
          onRecoverableError: (error) => console.error('hydration:', error),
        },
      );
    });
  });
}

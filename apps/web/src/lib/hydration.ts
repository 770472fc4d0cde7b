// Whether the app is hydrating the page the server rendered (docs/decisions/006). Components whose
// first render in the browser normally differs from the server's (content loaded when it scrolls into
// view) render the server's version while this holds, so that hydration finds the same markup.
let hydratingServerPage = false;

export function isHydratingServerPage(): boolean {
  return hydratingServerPage || typeof document === 'undefined';
}

/** Set by the boot before hydrating; cleared at the first client-side navigation. */
export function setHydratingServerPage(value: boolean): void {
  hydratingServerPage = value;
}

/**
 * The cookies the page was requested with, read as the first-view script starts (it imports this
 * module). The server rendered with them: hydration must too, even if the visitor has since made a
 * choice the first-view script recorded (the consent bar).
 */
export const cookiesAtPageLoad = typeof document === 'undefined' ? '' : document.cookie;

/** What a visitor can act on in the server's markup: the controls hydration must hand to React. */
export const CONTROLS_SELECTOR = 'input, textarea, select, button';

/** Set on <html> once React has committed the hydrated page: from then on its handlers run. */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

const hydratedListeners = new Set<() => void>();

/** Runs `listener` when the app has committed the hydrated page, synchronously (see markPageHydrated). */
export function onPageHydrated(listener: () => void): void {
  hydratedListeners.add(listener);
}

/** Called by the boot once React has committed the hydrated page (from an effect: handlers are live). */
export function markPageHydrated(): void {
  document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, 'true');
  for (const listener of hydratedListeners) listener();
  hydratedListeners.clear();
}

/**
 * Set on <html> once every control of the server's markup is the app's, parts of the page that hydrate
 * after the rest included (hydrate-on-intent); never set when a part failed to load. Browser tests wait
 * for it before they act on the page as on one that has long been open.
 */
export const INTERACTIVE_ATTRIBUTE = 'data-interactive';

export function isPageHydrated(): boolean {
  return typeof document !== 'undefined' && document.documentElement.getAttribute(HYDRATED_ATTRIBUTE) === 'true';
}

// The contract between the API, which sends server-rendered pages, and the web app's renderer
// (apps/web/src/app/server-entry.tsx), which makes them (docs/decisions/006).
import type { Language } from './locale';

/** The id of the non-executable JSON <script> that carries a rendered page's state to the browser. */
export const SSR_STATE_ELEMENT_ID = 'lombard-ssr-state';

/**
 * The controls whose click a server-rendered page holds until the app can take it (decision 006).
 * [aria-haspopup]: a select's input opens its list on click. Not a button that opens a popover
 * (`popovertarget`): the browser opens that itself, without the app (decision 9xx).
 */
export const REPLAYABLE_CONTROLS =
  ':is(button, [role="button"], [aria-haspopup], input[type="checkbox"], input[type="radio"], label, summary):not([popovertarget])';

/** Where the early-events script leaves what it held: `{ click?, submit?, stop() }`. */
export const EARLY_EVENTS_GLOBAL = '__lombardEarlyEvents';

/**
 * Inline at the top of a server-rendered page's <head> (the CSP allows it by its hash). The browser paints
 * the page while its HTML arrives, and the first-view script, a module, runs only once all of it is
 * parsed: a form submitted in between went the browser's way (a GET of the same page, which reloaded it
 * without the sign-up). This holds a click on a control and a submission from the first byte; the
 * first-view script stops it and takes over what it held.
 */
export const EARLY_EVENTS_SCRIPT =
  '(function(d,h){' +
  `function c(e){var t=e.target,x=t&&t.closest&&!t.closest("a[href]")&&t.closest('${REPLAYABLE_CONTROLS}');` +
  'if(x){e.preventDefault();h.click=x}}' +
  'function s(e){e.preventDefault();h.submit=e.target}' +
  'd.addEventListener("click",c,true);d.addEventListener("submit",s,true);' +
  'h.stop=function(){d.removeEventListener("click",c,true);d.removeEventListener("submit",s,true)}' +
  `})(document,window.${EARLY_EVENTS_GLOBAL}={})`;

export interface RenderRequest {
  /** Path and query, as requested. */
  url: string;
  /** The Cookie header. */
  cookies: string;
  acceptLanguage: string;
  /** The visitor's address: the page's API calls count against the visitor's rate limit, not the server's. */
  clientAddress: string;
}

/** A page the renderer made, for the API to put into index.html. */
export interface RenderedPage {
  html: string;
  language: Language;
  title: string | null;
  description: string | null;
  /** The visitor's saved choice; null when the system's setting applies. */
  colorScheme: 'light' | 'dark' | null;
  /** Already escaped for a <script> element by the renderer. */
  state: string;
}

export type RenderResult =
  | { kind: 'spa' }
  | { kind: 'redirect'; status: number; location: string }
  | ({ kind: 'page'; status: number } & RenderedPage);

/** The API as the page's queries see it: a request in, a response out (the API answers in-process). */
export type ApiHandler = (request: {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** RenderRequest.clientAddress of the page being rendered. */
  clientAddress: string;
}) => Promise<{ status: number; headers: Record<string, string>; body: string }>;

/** What the renderer module exports. */
export interface RendererModule {
  createRenderer(api: ApiHandler): (request: RenderRequest) => Promise<RenderResult>;
  /**
   * The status of a page from the route tree alone (404 for an unknown address): sent with the app shell
   * whenever the page is not rendered on the server, so that the status never depends on rendering.
   */
  routeStatus(url: string): number;
}

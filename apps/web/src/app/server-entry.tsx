// Renders a public page to HTML on the server (docs/decisions/006). The API's web plugin loads this
// module from the SSR build and calls render() for every page request; the same routes, components and
// catalogues as in the browser produce the markup, and the state that goes with it lets the browser
// hydrate it without a second fetch.
//
// The app's singletons (i18next, the query client, the cookie reader) are the browser's, so renders run
// one at a time: each sets the language, the cookies and an empty cache, renders, and hands over.
import '../lib/zod-jitless';
import {
  LANGUAGE_COOKIE,
  type Locale,
  languageFromAcceptLanguage,
  languageOf,
  localeOf,
  matchLocale,
  SESSION_COOKIE,
} from '@lombard/shared/locale';
import type { ApiHandler, RenderRequest, RenderResult } from '@lombard/shared/server-rendering';
import { dehydrate } from '@tanstack/react-query';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, StaticRouterProvider } from 'react-router';
import { reloadConsent } from '../lib/consent';
import { readCookie, setServerCookies } from '../lib/cookies';
import { globalConfigQuery } from '../lib/global-config';
import { http } from '../lib/http/client';
import { requestUrl, type Transport } from '../lib/http/http-client';
import { initI18n } from '../lib/i18n/i18n';
import { type RecordedIsland, recordIslands, stopRecordingIslands } from '../lib/islands/island';
import { islandContainerMarkup, islandIdPrefix } from '../lib/islands/island-markup';
import { recordServerRenderedComponents } from '../lib/lazy-component';
import { collectPageMeta } from '../lib/page-meta';
import { queryClient } from '../lib/query-client';
import { type IslandsState, type PageState, type SsrState, serialiseSsrState } from '../lib/ssr-state';
import { readColorSchemeCookie } from '../lib/theme/color-scheme-manager';
import { App } from './app';
import { IslandRoot } from './island-root';
import { ISLANDS } from './islands';
import type { ServerRenderedHandle } from './public-routes';
import { routes } from './router';

// The API sends this status with the app shell when it cannot render a page (see route-status.ts).
export { routeStatus } from './route-status';

/** The language cookie, else the browser's preferred languages by weight, else Italian. */
function localeFor(cookieLocale: string | null, acceptLanguage: string): Locale {
  return matchLocale(cookieLocale) ?? localeOf(languageFromAcceptLanguage(acceptLanguage));
}

/** The page's API calls, answered in-process on behalf of the visitor at `clientAddress`. */
function apiTransport(api: ApiHandler, clientAddress: string, onRateLimited: () => void): Transport {
  return async (request) => {
    const url = new URL(requestUrl(request), 'http://localhost');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      // Public pages render public data only: the visitor's session never reaches the API from here
      // (and an expired token would start a refresh, which belongs to the browser).
      if (name.toLowerCase() !== 'authorization') headers[name] = value;
    }
    const answer = await api({
      method: request.method.toUpperCase(),
      url: url.pathname + url.search,
      headers,
      body: typeof request.data === 'string' ? request.data : undefined,
      clientAddress,
    });
    if (answer.status === 429) onRateLimited();
    return { data: answer.body ? JSON.parse(answer.body) : null, status: answer.status, headers: answer.headers };
  };
}

/** The synchronous render, or null when it threw; an error that lasts is thrown by the prerender. */
function renderOnceSynchronously(element: React.ReactElement, identifierPrefix: string | undefined): string | null {
  try {
    return renderToString(element, { identifierPrefix });
  } catch {
    return null;
  }
}

/**
 * One synchronous render gives plain HTML (no streaming scripts, which the CSP would refuse). If a part
 * of the page suspended — a lazy component or a catalogue seen for the first time by this process — a
 * prerender waits for all of it, and the synchronous render is done again; after the first few requests
 * everything is loaded and one render is enough. A part inside a Suspense boundary leaves its fallback
 * in the first render; one outside any (the site's navbar reading its catalogue, when the page itself
 * did not load it) makes the synchronous render throw instead, and is waited for the same way.
 */
async function renderToHtml(
  element: React.ReactElement,
  { identifierPrefix, beforePass }: { identifierPrefix?: string; beforePass?: () => void } = {},
): Promise<string> {
  const errors: unknown[] = [];
  beforePass?.();
  const html = renderOnceSynchronously(element, identifierPrefix);
  if (html !== null && !html.includes('<!--$!-->')) return html;
  await prerenderToNodeStream(element, { identifierPrefix, onError: (error) => void errors.push(error) });
  beforePass?.();
  const again = renderToString(element, { identifierPrefix });
  if (again.includes('<!--$!-->')) {
    // A part that keeps failing is rendered by the browser; say why once here.
    console.error('server rendering left a part to the browser:', errors.at(-1));
  }
  return again;
}

const handler = createStaticHandler(routes);
let i18nReady: Promise<unknown> | null = null;

async function renderOnce(request: RenderRequest, api: ApiHandler): Promise<RenderResult> {
  const url = new URL(request.url, 'http://localhost');
  setServerCookies(request.cookies);
  // The consent store read the cookie once, when the module loaded; on the server, per request.
  reloadConsent();
  const locale = localeFor(readCookie(LANGUAGE_COOKIE), request.acceptLanguage);
  i18nReady ??= initI18n(locale);
  await i18nReady;
  await i18next.changeLanguage(languageOf(locale));
  queryClient.clear();
  // A visitor over the API's rate limit gets the app shell: the browser renders the page and says why,
  // instead of a page of errors that looks like the site is broken.
  let rateLimited = false;
  http.defaults.transport = apiTransport(api, request.clientAddress, () => {
    rateLimited = true;
  });
  resetUsedNamespaces();

  const context = await handler.query(new Request(url));
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  // The deepest route that says decides: a page that acts as it opens (a confirmation link) opts out.
  const handles = context.matches.map((match) => (match.route.handle ?? {}) as ServerRenderedHandle);
  const serverRendered = handles
    .map((handle) => handle.serverRendered)
    .filter((value) => value !== undefined)
    .at(-1);
  if (!serverRendered || rateLimited) return { kind: 'spa' };
  // Islands for an anonymous visitor only: a signed-in one's navbar is the app's (their profile).
  const islands = handles.some((handle) => handle.islands) && readCookie(SESSION_COOKIE) === null;

  // Read by the footer and the contact page; the server keeps it in memory.
  await queryClient.prefetchQuery(globalConfigQuery);
  const router = createStaticRouter(handler.dataRoutes, context);
  const meta = collectPageMeta();
  const components = recordServerRenderedComponents();
  let recorded: RecordedIsland[] = [];
  const page = (
    <StrictMode>
      <App router={router}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </App>
    </StrictMode>
  );
  let html: string;
  try {
    html = await renderToHtml(page, {
      beforePass: () => {
        if (islands) recorded = recordIslands();
      },
    });
  } finally {
    stopRecordingIslands();
  }
  if (rateLimited) return { kind: 'spa' };
  let state: PageState;
  if (islands) {
    const rendered = await renderIslands(html, recorded);
    html = rendered.html;
    const errorReporting = queryClient.getQueryData(globalConfigQuery.queryKey)?.error_reporting;
    state = { locale, islands: rendered.islands, ...(errorReporting?.dsn ? { errorReporting } : {}) };
  } else {
    state = {
      locale,
      namespaces: usedNamespaces(),
      components: [...components],
      router: {
        loaderData: context.loaderData,
        actionData: context.actionData,
        errors: serialiseErrors(context.errors),
      },
      queries: dehydrate(queryClient),
    };
  }
  return {
    kind: 'page',
    // The catch-all route is the 404 screen: say so to browsers and crawlers too.
    status: context.matches.at(-1)?.route.path === '*' ? 404 : context.statusCode,
    html,
    language: languageOf(locale),
    title: meta.title ?? null,
    description: meta.description ?? null,
    colorScheme: readColorSchemeCookie(),
    state: serialiseSsrState(state),
  };
}

const usedNamespaces = () => i18next.reportNamespaces?.getUsedNamespaces() ?? [];

function resetUsedNamespaces() {
  const used = i18next.reportNamespaces;
  if (used) (used as unknown as { usedNamespaces: Record<string, boolean> }).usedNamespaces = {};
}

/**
 * Renders each island the page recorded as a root of its own, as the browser will hydrate it, into its
 * container (lib/islands); returns the page and, for the browser, each island's props and catalogues.
 */
async function renderIslands(
  page: string,
  recorded: RecordedIsland[],
): Promise<{ html: string; islands: IslandsState['islands'] }> {
  let html = page;
  const islands: IslandsState['islands'] = {};
  for (const [index, island] of recorded.entries()) {
    const container = islandContainerMarkup(island.id, index, '');
    // Rendered inside a part of the page that was dropped (a suspended boundary): not in the page.
    if (!html.includes(container)) continue;
    const load = ISLANDS[island.id];
    if (!load) throw new Error(`<Island id="${island.id}"> is not in app/islands.ts`);
    const Component = await load();
    resetUsedNamespaces();
    const inner = await renderToHtml(
      <IslandRoot onCommit={() => {}}>
        <Component {...island.props} />
      </IslandRoot>,
      { identifierPrefix: islandIdPrefix(index) },
    );
    html = html.replace(container, islandContainerMarkup(island.id, index, inner));
    islands[index] = { id: island.id, props: island.props, namespaces: usedNamespaces() };
  }
  return { html, islands };
}

function serialiseErrors(errors: Record<string, unknown> | null): SsrState['router']['errors'] {
  if (!errors) return null;
  const out: NonNullable<SsrState['router']['errors']> = {};
  for (const [routeId, error] of Object.entries(errors)) {
    out[routeId] = isRouteErrorResponse(error)
      ? {
          __type: 'RouteErrorResponse',
          status: error.status,
          statusText: error.statusText,
          data: error.data,
          internal: (error as { internal?: boolean }).internal === true,
        }
      : { __type: 'Error', message: error instanceof Error ? error.message : String(error) };
  }
  return out;
}

/** A render that takes longer gives up, so that one stuck page cannot hold the queue (the shell is sent). */
export const RENDER_TIMEOUT_MS = 10_000;

/** Creates the renderer the web plugin calls; renders are queued (see the header comment). */
export function createRenderer(api: ApiHandler): (request: RenderRequest) => Promise<RenderResult> {
  let queue: Promise<unknown> = Promise.resolve();
  return (request) => {
    const result = queue.then(() => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`rendering ${request.url} took over ${RENDER_TIMEOUT_MS} ms`)),
          RENDER_TIMEOUT_MS,
        );
      });
      return Promise.race([renderOnce(request, api), timeout]).finally(() => clearTimeout(timer));
    });
    queue = result.catch(() => undefined);
    return result;
  };
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { RendererModule, RenderResult } from '@lombard/shared/server-rendering';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendEncoded } from '../lib/content-encoding';
import { AppError } from '../lib/errors';
import { isPagePath } from '../lib/page-paths';
import { createPageCache, pageKey, type StoredPage } from './page-cache';
import { fillTemplate } from './page-template';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

/** A page to send: a stored one (compressed copies ready), or one rendered for one visitor only. */
type SentPage = StoredPage | { status: number; html: string; body: null };

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and every non-API
 * path falls back to index.html so that client routes survive a reload. Unknown API paths stay JSON 404s.
 */
export const webPlugin = fp(async (app: FastifyInstance) => {
  const root = app.config.webDist;
  const indexFile = path.join(root, 'index.html');
  const serveWeb = app.config.serveWeb && existsSync(indexFile);
  if (app.config.serveWeb && !serveWeb) app.log.warn({ root }, 'web build not found: run `npm run build`');

  if (serveWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // dist/.ssr (the server renderer) and dist/.vite (the manifest) are not for browsers.
      allowedPath: (pathName) => !pathName.split('/').some((segment) => segment.startsWith('.')),
      setHeaders(reply, filePath) {
        const relative = path.relative(root, filePath);
        reply.header(
          'Cache-Control',
          relative.startsWith(`assets${path.sep}`)
            ? IMMUTABLE
            : relative === 'index.html'
              ? NO_CACHE
              : 'public, max-age=3600',
        );
      },
    });
  }

  // Production reads index.html once; development re-reads it so that a rebuild shows up.
  let cachedIndex: string | null = null;
  const indexHtml = () => {
    if (cachedIndex) return cachedIndex;
    const html = readFileSync(indexFile, 'utf8');
    if (app.config.isProduction) cachedIndex = html;
    return html;
  };

  // Public pages are rendered on the server (docs/decisions/006); the page's API calls are answered
  // in-process, as if the browser had made them.
  const rendererFile = path.join(root, '.ssr', 'server-entry.js');
  let render: ReturnType<RendererModule['createRenderer']> | null = null;
  // Without a renderer every client route gets the shell, and the browser shows its 404 screen itself.
  let statusOf: (url: string) => number = () => 200;
  if (serveWeb && existsSync(rendererFile)) {
    const module = await import(pathToFileURL(rendererFile).href).then(
      (loaded: RendererModule) => loaded,
      (error: unknown) => {
        // A broken renderer must not keep the API down: the browser renders the pages instead.
        app.log.error({ err: error, rendererFile }, 'server renderer failed to load');
        return null;
      },
    );
    render =
      module?.createRenderer(async (call) => {
        const response = await app.inject({
          method: call.method as 'GET',
          url: call.url,
          headers: call.headers,
          remoteAddress: call.clientAddress,
          ...(call.body === undefined ? {} : { payload: call.body }),
        });
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (typeof value === 'string') headers[name] = value;
        }
        return { status: response.statusCode, headers, body: response.body };
      }) ?? null;
    const routeStatus = module?.routeStatus;
    if (typeof routeStatus === 'function') {
      statusOf = (url) => {
        try {
          return routeStatus(url);
        } catch (error) {
          app.log.warn({ err: error }, 'route status failed; sending the shell as a page');
          return 200;
        }
      };
    }
  } else if (serveWeb) {
    app.log.warn({ rendererFile }, 'server renderer not found: public pages are rendered in the browser');
  }

  const sendIndex = (reply: FastifyReply, status = 200) =>
    reply.code(status).header('Cache-Control', NO_CACHE).type('text/html; charset=utf-8').send(indexHtml());

  // Rendering costs the server far more than sending the shell: past its budget, a visitor gets the
  // shell and the browser renders the page (its API calls are then limited like any other).
  const withinRenderBudget = app.rateLimits.budget({ max: app.config.rateLimitMax, timeWindow: '1 minute' });

  async function renderPage(request: FastifyRequest, reply: FastifyReply) {
    // Whenever the shell is sent instead of a rendered page, its status still comes from the route tree:
    // an unknown address is a 404 even when rendering failed (a cold start) or was skipped.
    const sendShell = () => sendIndex(reply, statusOf(request.url));
    if (!render) return sendShell();
    if (!withinRenderBudget(request)) return sendShell();
    const key = pageKey(request, request.language);
    if (key !== null) {
      const cached = pages.get(key);
      if (cached) {
        // As a fresh render would: its API calls would be refused, so the browser renders the page instead.
        if (app.rateLimits.apiSpent(request)) return sendShell();
        // A page past its freshness is sent as it is while one render replaces it.
        if (cached.stale && !pages.isPending(key)) {
          renderShared(request, key).catch((error: unknown) =>
            request.log.error({ err: error }, 'server rendering failed; the older page is sent meanwhile'),
          );
        }
        return sendStored(request, reply, cached.page);
      }
    }
    let outcome: SentPage | Exclude<RenderResult, { kind: 'page' }>;
    try {
      outcome = key === null ? await renderForOne(request) : await renderShared(request, key);
    } catch (error) {
      // The browser can still render the page: a renderer failure must not take the site down.
      request.log.error({ err: error }, 'server rendering failed; sending the app shell');
      return sendShell();
    }
    if (!('kind' in outcome)) return sendStored(request, reply, outcome);
    if (outcome.kind === 'spa') return sendShell();
    return reply.redirect(outcome.location, outcome.status);
  }

  const renderRequest = (request: FastifyRequest) =>
    // renderPage, the only caller, has checked that there is a renderer.
    (render as NonNullable<typeof render>)({
      url: request.url,
      cookies: request.headers.cookie ?? '',
      acceptLanguage: request.headers['accept-language'] ?? '',
      clientAddress: request.ip,
    });

  /** A page for one visitor (signed in): rendered, sent, forgotten; compressed per answer like any other. */
  async function renderForOne(request: FastifyRequest): Promise<SentPage | Exclude<RenderResult, { kind: 'page' }>> {
    const result = await renderRequest(request);
    if (result.kind !== 'page') return result;
    return { status: result.status, html: fillTemplate(indexHtml(), result), body: null };
  }

  /**
   * A page shared by the anonymous visitors of its key: visitors who miss the cache together wait for
   * one render and one compression of their page, not one each (renders run one at a time: a burst
   * would otherwise queue the same page a hundred times, and a compression per waiter queued hundreds
   * of them ahead of every answer).
   */
  const renderShared = (request: FastifyRequest, key: string) =>
    pages.once(key, async (): Promise<SentPage | Exclude<RenderResult, { kind: 'page' }>> => {
      const result = await renderRequest(request);
      if (result.kind !== 'page') return result;
      return pages.store(key, { status: result.status, html: fillTemplate(indexHtml(), result) });
    });

  /** A stored page goes out compressed already when the browser takes br or gzip. */
  function sendStored(request: FastifyRequest, reply: FastifyReply, page: SentPage) {
    reply.code(page.status).header('Cache-Control', NO_CACHE).type('text/html; charset=utf-8');
    if (!page.body) return reply.header('Vary', 'Cookie, Accept-Language').send(page.html);
    return sendEncoded(request, reply, page.body, ['Cookie', 'Accept-Language']);
  }

  // Anonymous renders, shared by every visitor whose page would come out the same (page-cache.ts).
  const pages = createPageCache();

  // A route rather than the not-found handler, so that pages are compressed like every other answer.
  if (serveWeb) {
    app.get('/*', async (request, reply) => {
      // The decoded path, as the router saw it: `/%61pi/x` is an API path too.
      if (!isPagePath(`/${(request.params as { '*': string })['*']}`)) throw new AppError('ROUTE_NOT_FOUND');
      return renderPage(request, reply);
    });
  }

  app.setNotFoundHandler({ preHandler: app.hardenUnmatched }, () => {
    throw new AppError('ROUTE_NOT_FOUND');
  });
});

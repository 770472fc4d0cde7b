import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

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

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = url === '/api' || url.startsWith('/api/');
    const isAsset = url.startsWith('/assets/');
    if (!serveWeb || isApi || isAsset || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw new AppError('ROUTE_NOT_FOUND');
    }
    const html = indexHtml();
    return reply.header('Cache-Control', NO_CACHE).type('text/html; charset=utf-8').send(html);
  });
});

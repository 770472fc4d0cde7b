// The per-customer read cache (lib/read-cache.ts) for every module, and the rule that keeps it honest
// for the client that wrote: a successful write answers only once this instance has heard of what it
// committed. On PostgreSQL that is one trivial statement on the listening connection per write; the
// embedded database hears as it commits. Attached per route as it is added, so reads pay nothing.
import type { FastifyInstance, onSendHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { createReadCache, type ReadCache } from '../lib/read-cache';
import { addRouteHook } from '../lib/route-hooks';

declare module 'fastify' {
  interface FastifyInstance {
    readCache: ReadCache;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const readCachePlugin = fp(async (app: FastifyInstance) => {
  const cache = await createReadCache(app.database);
  app.decorate('readCache', cache);
  app.addHook('onClose', async () => cache.close());
  if (app.database.kind === 'pglite') return;

  const heard: onSendHookHandler = async (_request, reply) => {
    if (reply.statusCode < 400) await cache.caughtUp();
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.every((method) => READS.has(method))) addRouteHook(route, 'onSend', heard);
  });
});

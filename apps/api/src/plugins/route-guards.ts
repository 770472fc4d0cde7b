// Where the authorization guards of lib/auth-guards.ts run, checked once for every route as it is added:
// - only as `onRequest` hooks: a guard in preValidation or preHandler would let an anonymous caller learn
//   from a 400 what the body should look like before being told to sign in, so such a route is refused
//   at start-up;
// - after the other onRequest hooks, the rate limit among them, so that anonymous floods are counted;
// - and every guarded route declares the bearer scheme in the OpenAPI document.
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { isAuthGuard } from '../lib/auth-guards';
import { asList } from '../lib/route-hooks';

const LATE_HOOKS = ['preParsing', 'preValidation', 'preHandler'] as const;

export const BEARER_SECURITY = [{ bearerAuth: [] }];

export const routeGuardsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const name of LATE_HOOKS) {
      if (asList(route[name]).some(isAuthGuard)) {
        throw new Error(
          `${String(route.method)} ${route.url}: attach auth guards as onRequest hooks, not ${name} (401 comes before validation)`,
        );
      }
    }
    const onRequest = asList(route.onRequest);
    if (!onRequest.some(isAuthGuard)) return;
    route.onRequest = [
      ...onRequest.filter((hook) => !isAuthGuard(hook)),
      ...onRequest.filter(isAuthGuard),
    ] as RouteOptions['onRequest'];
    route.schema = { ...route.schema };
    (route.schema as { security?: unknown }).security ??= BEARER_SECURITY;
  });
});

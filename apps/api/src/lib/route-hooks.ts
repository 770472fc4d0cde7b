// Hooks attached to the routes that need them, decided once as each route is added (an `onRoute` hook),
// instead of global hooks that every request runs to find out it has nothing to do: a probe answers
// without any of them, a page without the API's.
import type { RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'preValidation' | 'onSend';

const asList = (hooks: unknown): unknown[] => (Array.isArray(hooks) ? hooks : hooks ? [hooks] : []);

/** Adds `hook` to the route's own hooks of that name: after them, or before them with `first`. */
export function addRouteHook(route: RouteOptions, name: HookName, hook: unknown, options: { first?: boolean } = {}) {
  const hooks = asList(route[name]);
  (route as unknown as Record<HookName, unknown[]>)[name] = options.first ? [hook, ...hooks] : [...hooks, hook];
}

/** A liveness or readiness probe: read by a balancer, not a person (no language, headers or input). */
export const isProbe = (route: RouteOptions) => Boolean((route.config as { probe?: boolean } | undefined)?.probe);

/** Whether a route is part of the API (by its pattern: `/%61pi/…` matches an API route too). */
export const isApiRoute = (route: RouteOptions) => route.url.startsWith('/api/');

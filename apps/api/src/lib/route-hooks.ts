// Hooks attached to the routes that need them, decided once as each route is added (an `onRoute` hook),
// instead of global hooks that every request runs to find out it has nothing to do: a probe answers
// without any of them, a page without the API's. Fastify pays for each lifecycle stage a route has hooks
// in, much more than for a second hook in a stage it already runs (bench/README.md): a stage is worth
// saving, a hook within one hardly.
import type { RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'preValidation' | 'onSend';

/** A route's hooks of one name as a list (Fastify takes one function or an array). */
export const asList = (hooks: unknown): unknown[] => (Array.isArray(hooks) ? hooks : hooks ? [hooks] : []);

/** Hooks that stay ahead of every other, even of those added later with `first`. */
const LEADING = new WeakSet<object>();

/**
 * Adds `hook` to the route's own hooks of that name: after them; with `first`, before them (but after the
 * `leading` ones); with `leading`, before all, whatever is added later.
 */
export function addRouteHook(
  route: RouteOptions,
  name: HookName,
  hook: object,
  options: { first?: boolean; leading?: boolean } = {},
) {
  const hooks = asList(route[name]);
  let at = hooks.length;
  if (options.leading) {
    LEADING.add(hook);
    at = 0;
  } else if (options.first) {
    at = hooks.filter((h) => LEADING.has(h as object)).length;
  }
  (route as unknown as Record<HookName, unknown[]>)[name] = [...hooks.slice(0, at), hook, ...hooks.slice(at)];
}

/** A liveness or readiness probe: read by a balancer, not a person (no language, headers or input). */
export const isProbe = (route: RouteOptions) => Boolean((route.config as { probe?: boolean } | undefined)?.probe);

/** Whether a route is part of the API (by its pattern: `/%61pi/…` matches an API route too). */
export const isApiRoute = (route: RouteOptions) => route.url.startsWith('/api/');

const BODILESS = new Set(['GET', 'HEAD']);

/** Whether no request of the route carries a body: all it holds is in the path and the query string. */
export const isBodiless = (route: RouteOptions) =>
  (Array.isArray(route.method) ? route.method : [route.method]).every((method) => BODILESS.has(method));

/** Whether a route declares its answers (a response schema): they are JSON, never a document. */
export const answersJson = (route: RouteOptions) =>
  Boolean((route.schema as { response?: unknown } | undefined)?.response);

import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';
import { addressKey, RateCounter, type RateLimit, type RateState } from '../lib/rate-limit';
import { addRouteHook, isApiRoute } from '../lib/route-hooks';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's own per-address limit instead of the API's; false: none. */
    rateLimit?: RateLimit | false;
  }
  interface FastifyInstance {
    rateLimits: {
      /** A budget of its own (the renders of pages): counts a request and says whether it is within. */
      budget(limit: RateLimit): (request: FastifyRequest) => boolean;
      /** Whether the request's address has spent its API allowance, without spending any of it. */
      apiSpent(request: FastifyRequest): boolean;
    };
  }
}

/** The refusal, with when to come back; the limit's figures go with the refusal only. */
function refuse(reply: FastifyReply, state: RateState): AppError {
  reply.header('retry-after', state.secondsLeft);
  reply.header('x-ratelimit-limit', state.max);
  reply.header('x-ratelimit-remaining', 0);
  reply.header('x-ratelimit-reset', state.secondsLeft);
  return new AppError('RATE_LIMITED', { params: { seconds: state.secondsLeft } });
}

function limiter(counter: RateCounter): onRequestHookHandler {
  return function rateLimited(request, reply, done) {
    const state = counter.take(addressKey(request.ip));
    done(state.count > counter.max ? refuse(reply, state) : undefined);
  };
}

/**
 * Per-address limits. Every API route gets the API's limit (RATE_LIMIT_MAX a minute) unless it names its
 * own, stricter one (`config.rateLimit`) or none (`false`); other routes (pages, files) get one only when
 * they name it. The decision is made on the route a request matched, never on the raw URL: the router
 * decodes `/%61pi/…` to an API route, so a prefix test on the URL would let such a request through.
 * The hook runs first on its route, before authentication or any other work.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  const api = new RateCounter({ max: app.config.rateLimitMax, timeWindow: '1 minute' });
  const apiLimiter = limiter(api);
  app.addHook('onRoute', (route: RouteOptions) => {
    const own = route.config?.rateLimit;
    if (own === false) return;
    if (own) addRouteHook(route, 'onRequest', limiter(new RateCounter(own)), { first: true });
    else if (isApiRoute(route)) addRouteHook(route, 'onRequest', apiLimiter, { first: true });
  });
  app.decorate('rateLimits', {
    budget(limit: RateLimit) {
      const counter = new RateCounter(limit);
      return (request: FastifyRequest) => counter.take(addressKey(request.ip)).count <= counter.max;
    },
    apiSpent: (request: FastifyRequest) => api.peek(addressKey(request.ip)).count >= api.max,
  });
});

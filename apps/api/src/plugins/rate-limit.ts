import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, limitsUnavailable } from '../lib/errors';
import { addressKey, RateCounter, type RateLimit, type RateState } from '../lib/rate-limit';
import { addRouteHook, isApiRoute } from '../lib/route-hooks';
import { SharedRateCounter } from '../lib/shared-rate-counter';

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
 * A limit counted in Redis. When Redis cannot count the request, a route's own limit refuses it (it guards
 * guessing or sending: sign-in, registration, codes, messages), while the API's limit falls back to this
 * instance's own count, as without Redis: reads and ordinary calls go on while Redis is down.
 */
function sharedLimiter(counter: SharedRateCounter, uncounted: RateCounter | 'refuse'): onRequestHookHandler {
  return function rateLimited(request, reply, done) {
    const key = addressKey(request.ip);
    counter.take(key).then(
      (state) => done(state.count > counter.max ? refuse(reply, state) : undefined),
      () => {
        if (uncounted === 'refuse') return done(limitsUnavailable());
        const state = uncounted.take(key);
        done(state.count > uncounted.max ? refuse(reply, state) : undefined);
      },
    );
  };
}

/**
 * Per-address limits. Every API route gets the API's limit (RATE_LIMIT_MAX a minute) unless it names its
 * own, stricter one (`config.rateLimit`) or none (`false`); other routes (pages, files) get one only when
 * they name it. The decision is made on the route a request matched, never on the raw URL: the router
 * decodes `/%61pi/…` to an API route, so a prefix test on the URL would let such a request through.
 * The hook runs first on its route, before authentication or any other work.
 *
 * With REDIS_URL the counts live in Redis, shared by every instance (`SharedRateCounter`); without it in
 * this process's memory, decided without a promise (docs/decisions/014-per-request-costs.md).
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  const apiLimit = { max: app.config.rateLimitMax, timeWindow: '1 minute' };
  const api = new RateCounter(apiLimit);
  const redis = app.redis;
  const shared = redis ? new SharedRateCounter(redis, 'api', apiLimit) : null;
  const apiLimiter = shared ? sharedLimiter(shared, api) : limiter(api);
  app.addHook('onRoute', (route: RouteOptions) => {
    const own = route.config?.rateLimit;
    if (own === false) return;
    if (own) {
      // Named by the route, the same on every instance, so that they count in the same windows.
      const name = `${[route.method].flat().join(',')} ${route.url}`;
      const hook = redis
        ? sharedLimiter(new SharedRateCounter(redis, name, own), 'refuse')
        : limiter(new RateCounter(own));
      addRouteHook(route, 'onRequest', hook, { first: true });
    } else if (isApiRoute(route)) addRouteHook(route, 'onRequest', apiLimiter, { first: true });
  });
  app.decorate('rateLimits', {
    // The renders guard this process's own renderer, so their budget is counted here even with Redis.
    budget(limit: RateLimit) {
      const counter = new RateCounter(limit);
      return (request: FastifyRequest) => counter.take(addressKey(request.ip)).count <= counter.max;
    },
    // With Redis, the memory count is the one kept while Redis was down.
    apiSpent(request: FastifyRequest) {
      const key = addressKey(request.ip);
      return Boolean(shared?.isSpent(key)) || api.peek(key).count >= api.max;
    },
  });
});

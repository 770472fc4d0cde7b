// Token calls and the hook that turns `Authorization: Bearer <access>` into `request.user`.
// Registered with fastify-plugin so the hook applies to every module registered after it.

import { loginSchema, logoutRequestSchema, refreshRequestSchema, tokenPairSchema } from '@lombard/shared/schemas/auth';
import { detailSchema } from '@lombard/shared/schemas/common';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loadJwtSecret } from '../../lib/jwt-secret';
import { addRouteHook, isApiRoute } from '../../lib/route-hooks';
import { createAuthService } from './service';
import { createSessionCache } from './session-cache';
import { createAccessTokens } from './tokens';

const BEARER = /^Bearer\s+(\S+)$/i;

/** Per-IP limit on the calls that guess or spend credentials; stricter than the global API limit. */
export function authRateLimit(app: FastifyInstance) {
  return { rateLimit: { max: app.config.authRateLimitMax, timeWindow: '1 minute' } };
}

export const authModule = fp(async (app: FastifyInstance) => {
  const tokens = createAccessTokens(loadJwtSecret(app.config), app.config.accessTokenTtlSeconds);
  const service = createAuthService(app.database.db, tokens, app.config);

  // The user of each sign-in is remembered and forgotten the moment it is revoked or changed, on every
  // instance (session-cache.ts): a signed-in request costs no query here.
  const sessions = await createSessionCache(app.database);
  app.addHook('onClose', async () => sessions.close());

  // An invalid or expired access token leaves the request anonymous: guarded routes then answer 401
  // (the client refreshes and retries), while public calls such as sign-in still work.
  const signedIn = async (request: FastifyRequest, token: string) => {
    const claims = await tokens.verify(token);
    if (claims) request.user = await sessions.get(claims.sessionId, () => service.authenticate(token));
  };
  // A callback hook: an anonymous request (most of the API's public calls) passes without a promise.
  const authenticate: onRequestHookHandler = (request, _reply, done) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match) return done();
    const token = match[1]!;
    // A token seen before, of a sign-in in memory: no promise at all.
    const claims = tokens.known(token);
    const user = claims && sessions.known(claims.sessionId);
    if (user) {
      request.user = user;
      return done();
    }
    signedIn(request, token).then(() => done(), done);
  };
  // API routes only, by the matched route as the rate limits decide: `/%61pi/…` is an API call too.
  // Before the route's guards, which read what it finds.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (isApiRoute(route)) addRouteHook(route, 'onRequest', authenticate, { first: true });
  });

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/account/token/auth/',
    {
      config: authRateLimit(app),
      schema: {
        tags: ['auth'],
        summary: 'Sign in: e-mail and password → access and refresh tokens',
        body: loginSchema,
        response: { 200: tokenPairSchema },
      },
    },
    async (request) => service.signIn(request.body, request.ip),
  );

  api.post(
    '/api/account/token/refresh/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token: a new pair; the old refresh token is dead',
        body: refreshRequestSchema,
        response: { 200: tokenPairSchema },
      },
    },
    async (request) => service.refresh(request.body.refresh),
  );

  api.post(
    '/api/account/token/logout/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revoke the refresh token and its sign-in (idempotent)',
        body: logoutRequestSchema,
        response: { 200: detailSchema },
      },
    },
    async (request) => {
      await service.signOut(request.body.refresh);
      return { detail: request.t('auth:loggedOut') };
    },
  );
});

// Token calls and the hook that turns `Authorization: Bearer <access>` into `request.user`.
// Registered with fastify-plugin so the hook applies to every module registered after it.

import { COOKIE_SESSION_HEADER } from '@lombard/shared/locale';
import {
  loginSchema,
  logoutRequestSchema,
  refreshRequestSchema,
  tokenAnswerSchema,
} from '@lombard/shared/schemas/auth';
import { detailSchema } from '@lombard/shared/schemas/common';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireAuth } from '../../lib/auth-guards';
import { AppError } from '../../lib/errors';
import { addRouteHook, isApiRoute } from '../../lib/route-hooks';
import { createAuthService, type Grant, revokeSessions } from './service';
import { createSessionCache } from './session-cache';
import { clearRefreshCookie, cookieRefresh, setRefreshCookie, wantsCookie } from './session-cookies';
import { databaseThrottles, type SignInThrottles } from './sign-in-throttle';
import { redisThrottles } from './sign-in-throttle-redis';
import { databaseSigningKeys, fixedSigningKey } from './signing-keys';
import { createAccessTokens } from './tokens';

const BEARER = /^Bearer\s+(\S+)$/i;

declare module 'fastify' {
  interface FastifyInstance {
    /** Where wrong passwords are counted (Redis when configured, else the database): unlocks clear them there. */
    signInThrottles: SignInThrottles;
    /** Signs in the account a proof names once `verify` accepts it (null), as a password sign-in would. */
    signInWithProof(
      request: FastifyRequest,
      reply: FastifyReply,
      input: { userId: number; rememberMe: boolean; verify: () => Promise<AppError | null> },
    ): Promise<{ access: string; refresh?: string }>;
  }
}

/** Per-IP limit on the calls that guess or spend credentials; stricter than the global API limit. */
export function authRateLimit(app: FastifyInstance) {
  return { rateLimit: { max: app.config.authRateLimitMax, timeWindow: '1 minute' } };
}

export const authModule = fp(async (app: FastifyInstance) => {
  // JWT_SECRET when given; otherwise keys kept in the database, the same for every instance.
  const { jwtSecret } = app.config;
  const keys = jwtSecret ? fixedSigningKey(jwtSecret) : await databaseSigningKeys(app.database.db);
  const tokens = createAccessTokens(keys, app.config.accessTokenTtlSeconds);
  const throttles = app.redis ? redisThrottles(app.redis) : databaseThrottles(app.database.db);
  app.decorate('signInThrottles', throttles);
  const service = createAuthService(app.database.db, tokens, app.config, throttles);

  // The user of each sign-in is remembered and forgotten the moment it is revoked or changed, on every
  // instance (session-cache.ts): a signed-in request costs no query here.
  const sessions = await createSessionCache(app.database, () => {
    keys.reload().catch((error: unknown) => app.log.warn({ err: error }, 'signing keys not read again'));
  });
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

  const { publicUrl } = app.config;
  /** The pair to an API client; to the web app, the access token, the refresh token in its cookie. */
  const answer = (reply: FastifyReply, grant: Grant, cookie: boolean) => {
    if (!cookie) return { access: grant.access, refresh: grant.refresh };
    setRefreshCookie(reply, grant.refresh, grant, publicUrl);
    return { access: grant.access };
  };

  api.post(
    '/api/account/token/auth/',
    {
      config: authRateLimit(app),
      schema: {
        tags: ['auth'],
        summary: 'Sign in: e-mail and password → access and refresh tokens',
        description: `With \`${COOKIE_SESSION_HEADER}: cookie\` (the web app) the refresh token is set as an httpOnly cookie instead of being answered.`,
        body: loginSchema,
        response: { 200: tokenAnswerSchema },
      },
    },
    async (request, reply) => answer(reply, await service.signIn(request.body, request.ip), wantsCookie(request)),
  );

  // Another factor that names the account (a passkey, in its own module) signs in through the same
  // throttle, session and answer as the password.
  app.decorate('signInWithProof', async (request, reply, input) =>
    answer(reply, await service.signInWithProof(input, request.ip), wantsCookie(request)),
  );

  api.post(
    '/api/account/token/refresh/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token: a new pair; the old refresh token is dead',
        description: `Without \`refresh\` in the body, the web app's cookie is used (only with \`${COOKIE_SESSION_HEADER}: cookie\` from the app's own origin).`,
        body: refreshRequestSchema,
        response: { 200: tokenAnswerSchema },
      },
    },
    async (request, reply) => {
      const fromBody = request.body.refresh;
      const token = fromBody ?? cookieRefresh(request, publicUrl);
      try {
        if (!token) throw new AppError('SESSION_EXPIRED');
        return answer(reply, await service.refresh(token), fromBody === undefined);
      } catch (error) {
        // A dead cookie is of no further use to the browser.
        if (fromBody === undefined && error instanceof AppError && error.code === 'SESSION_EXPIRED') {
          clearRefreshCookie(reply, publicUrl);
        }
        throw error;
      }
    },
  );

  api.post(
    '/api/account/token/logout/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revoke the refresh token and its sign-in (idempotent)',
        description: "Without `refresh` in the body, the web app's cookie is used and cleared (as for refresh).",
        body: logoutRequestSchema,
        response: { 200: detailSchema },
      },
    },
    async (request, reply) => {
      const fromBody = request.body.refresh;
      const token = fromBody ?? cookieRefresh(request, publicUrl);
      if (token) await service.signOut(token);
      if (fromBody === undefined) clearRefreshCookie(reply, publicUrl);
      return { detail: request.t('auth:loggedOut') };
    },
  );

  api.post(
    '/api/account/token/logout-all/',
    {
      onRequest: [requireAuth],
      schema: {
        tags: ['auth'],
        summary: 'Sign out of every device: every sign-in of the user ends, access tokens included, at once',
        response: { 200: detailSchema },
      },
    },
    async (request, reply) => {
      await revokeSessions(app.database.db, currentUser(request).id);
      clearRefreshCookie(reply, publicUrl);
      return { detail: request.t('auth:loggedOutEverywhere') };
    },
  );
});

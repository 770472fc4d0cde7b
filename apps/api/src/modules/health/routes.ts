import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/errors';
import { redisAnswers } from '../../lib/redis';

const LIVE = JSON.stringify({ status: 'ok' });

/**
 * Liveness (/healthz: the process answers) and readiness (/readyz: the database answers, and Redis when the
 * limits are counted there: an instance that cannot count sign-ins refuses them, so it is not ready).
 */
export const healthModule = fp(async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Asked every few seconds by every balancer: the answer is a constant, sent as it is (no serializer),
  // not limited, not compressed, and the per-request hooks of the app skip it (`probe`).
  r.get(
    '/healthz',
    { schema: { hide: true }, config: { rateLimit: false, probe: true }, compress: false },
    (_request, reply) => reply.type('application/json; charset=utf-8').send(LIVE),
  );
  r.get('/readyz', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
    const unavailable = (what: Record<string, string>) =>
      reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable', ...what, detail: request.t('errors:SERVICE_UNAVAILABLE') });
    try {
      await app.database.ping();
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return unavailable({});
    }
    const { redis } = app;
    if (!redis) return { status: 'ready', database: app.database.kind };
    // The Redis client logs the outage itself, once.
    if (!(await redisAnswers(redis))) return unavailable({ redis: 'unavailable' });
    return { status: 'ready', database: app.database.kind, redis: 'ready' };
  });
});

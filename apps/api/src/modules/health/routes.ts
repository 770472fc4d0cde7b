import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/errors';

const LIVE = JSON.stringify({ status: 'ok' });

/** Liveness (/healthz: the process answers) and readiness (/readyz: the database answers). */
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
    try {
      await app.database.ping();
      return { status: 'ready', database: app.database.kind };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable', detail: request.t('errors:SERVICE_UNAVAILABLE') });
    }
  });
});

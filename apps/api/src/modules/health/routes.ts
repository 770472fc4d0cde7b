import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Liveness (/healthz: the process answers) and readiness (/readyz: the database answers). */
export async function healthModule(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/healthz',
    { schema: { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } }, config: { rateLimit: false } },
    async () => ({ status: 'ok' as const }),
  );
  r.get('/readyz', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
    try {
      await app.database.ping();
      return { status: 'ready', database: app.database.kind };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable', detail: request.t('errors:SERVICE_UNAVAILABLE') });
    }
  });
}

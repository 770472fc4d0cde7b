import { supportCollectionsQuerySchema, supportCollectionsResponseSchema } from '@lombard/shared/schemas/support';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createSupportService } from './service';

/** The help centre: public, read-only. */
export const supportModule = fp(async (app: FastifyInstance) => {
  const support = createSupportService(app.database.db);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/intercom/collections/with-articles/',
    {
      schema: {
        tags: ['support'],
        summary: 'Help-centre collections with their articles, every translation included',
        querystring: supportCollectionsQuerySchema,
        response: { 200: supportCollectionsResponseSchema },
      },
    },
    async (request, reply) => {
      // Public content that changes rarely: browsers and proxies may keep it for a minute.
      reply.header('Cache-Control', 'public, max-age=60');
      return support.collectionsWithArticles(request.query);
    },
  );
});

import { errorBodySchema } from '@lombard/shared/schemas/common';
import { partnerParamsSchema, publicPartnerSchema } from '@lombard/shared/schemas/partners';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createPartnersService } from './service';

/** Partner landing pages (/l/{partner}): the partner's name, logo and offer. */
export const partnersModule = fp(async (app: FastifyInstance) => {
  const partnersService = createPartnersService(app.database.db);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/public/partners/:slug/',
    {
      schema: {
        tags: ['partners'],
        summary: 'One partner company, by slug (404 when unknown)',
        params: partnerParamsSchema,
        response: { 200: publicPartnerSchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      reply.header('Vary', 'Accept-Language');
      return partnersService.publicPartner(request.params.slug, request.language);
    },
  );
});

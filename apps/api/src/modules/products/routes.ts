import { publicProductListSchema, publicProductsQuerySchema } from '@lombard/shared/schemas/products';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createProductsService } from './service';

/** Products of the partner bank. The public list needs no sign-in (landing pages, spec §1). */
export async function productsModule(app: FastifyInstance) {
  const productsService = createProductsService(app.database.db);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/public/products/',
    {
      schema: {
        tags: ['products'],
        summary: 'Products on sale, as the public site shows them',
        querystring: publicProductsQuerySchema,
        response: { 200: publicProductListSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'public, max-age=60');
      reply.header('Vary', 'Accept-Language');
      return productsService.listPublicProducts(request.query, request.language);
    },
  );
}

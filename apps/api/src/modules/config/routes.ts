import { globalConfigSchema } from '@lombard/shared/schemas/config';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createConfigService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    globalConfig: ReturnType<typeof createConfigService>;
  }
}

/** Registered with fastify-plugin so that other modules can read `app.globalConfig`. */
export const configModule = fp(async (app: FastifyInstance) => {
  const service = createConfigService(app.database.db, app.config);
  app.decorate('globalConfig', service);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/get-global-config/',
    {
      schema: { tags: ['config'], summary: 'Global configuration', response: { 200: globalConfigSchema } },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return service.get();
    },
  );
});

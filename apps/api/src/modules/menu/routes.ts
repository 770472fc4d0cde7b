import { menuParamsSchema, menuSchema } from '@lombard/shared/schemas/auth';
import { text } from '@lombard/shared/schemas/text';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireAuth } from '../../lib/auth-guards';
import { AppError } from '../../lib/errors';
import { menuFor } from './service';

export const menuModule = fp(async (app: FastifyInstance) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/role/:profile/menu/',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['menu'],
        summary: 'Navigation menu of a profile the caller holds',
        security: [{ bearerAuth: [] }],
        params: menuParamsSchema,
        // The client asks for the whole list (no pagination); the flag is accepted and changes nothing.
        querystring: z.object({ no_page: text().max(20).optional() }),
        response: { 200: menuSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { profile } = request.params;
      // An operator (admin) or superuser may look at any profile's menu, e.g. to preview it.
      const allowed = user.isSuperuser || user.attributes.includes('admin') || user.attributes.includes(profile);
      if (!allowed) throw new AppError('FORBIDDEN');
      return menuFor(app.database.db, profile, request.language);
    },
  );
});

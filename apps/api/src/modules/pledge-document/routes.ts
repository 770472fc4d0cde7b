import { LANGUAGES } from '@lombard/shared/locale';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createPledgeDocumentService } from './service';

const querySchema = z.object({ language: z.enum(LANGUAGES).optional() });

/** The pledge document download (landing home and help centre). */
export const pledgeDocumentModule = fp(async (app: FastifyInstance) => {
  const pledge = createPledgeDocumentService(app.config.supportEmail);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/public/pledge-document/',
    {
      schema: {
        tags: ['pledge-document'],
        summary: 'The pledge explained, as a PDF in the chosen language (default: Accept-Language)',
        querystring: querySchema,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const language = request.query.language ?? request.language;
      const bytes = await pledge.document(language);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${pledge.fileName(language)}"`)
        .header('Cache-Control', 'public, max-age=3600')
        .send(Buffer.from(bytes));
    },
  );
});

import { SUPPORT_REPLY_HOURS_WEEKDAY, SUPPORT_REPLY_HOURS_WEEKEND } from '@lombard/shared/constants';
import { detailSchema } from '@lombard/shared/schemas/common';
import { contactMessageSchema } from '@lombard/shared/schemas/contact';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createContactService } from './service';

/** Messages per IP and window: enough for a person, too few for a spam run. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: '15 minutes' } as const;

/** The public contact form (landing contact page). */
export const contactModule = fp(async (app: FastifyInstance) => {
  const contact = createContactService(app.database.db, app.config);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/public/contact/',
    {
      config: { rateLimit: CONTACT_RATE_LIMIT },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to support (stored, and e-mailed to support through the outbox)',
        body: contactMessageSchema,
        response: { 201: detailSchema },
      },
    },
    async (request, reply) => {
      await contact.submit(request.body, request.language);
      void app.outbox.flush().catch((error) => request.log.warn({ err: error }, 'outbox flush failed'));
      return reply.status(201).send({
        detail: request.t('contact:sent', {
          weekdayHours: SUPPORT_REPLY_HOURS_WEEKDAY,
          weekendHours: SUPPORT_REPLY_HOURS_WEEKEND,
        }),
      });
    },
  );
});

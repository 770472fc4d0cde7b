import { detailSchema, errorBodySchema } from '@lombard/shared/schemas/common';
import { newsletterConfirmSchema, newsletterSubscribeSchema } from '@lombard/shared/schemas/newsletter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createNewsletterService } from './service';

/** Sign-ups per IP and window: each one sends an e-mail, so the form must not become a mail cannon. */
export const NEWSLETTER_RATE_LIMIT = { max: 5, timeWindow: '15 minutes' } as const;

/** Newsletter sign-up with double opt-in through the outbox. */
export const newsletterModule = fp(async (app: FastifyInstance) => {
  const newsletter = createNewsletterService(app.database.db, app.config);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/v1/public/newsletter/subscriptions/',
    {
      config: { rateLimit: NEWSLETTER_RATE_LIMIT },
      schema: {
        tags: ['newsletter'],
        summary: 'Sign up: e-mails a confirmation link (same answer for any address)',
        body: newsletterSubscribeSchema,
        response: { 202: detailSchema },
      },
    },
    async (request, reply) => {
      await newsletter.subscribe(request.body.email, request.body.language ?? request.language);
      void app.outbox.flush().catch((error) => request.log.warn({ err: error }, 'outbox flush failed'));
      return reply.status(202).send({ detail: request.t('newsletter:checkInbox') });
    },
  );

  api.post(
    '/api/v1/public/newsletter/confirm/',
    {
      config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
      schema: {
        tags: ['newsletter'],
        summary: 'Confirm a sign-up with the token from the e-mail',
        body: newsletterConfirmSchema,
        response: { 200: detailSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      await newsletter.confirm(request.body.token);
      return { detail: request.t('newsletter:confirmed') };
    },
  );
});

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createOutboxDispatcher } from '../lib/outbox';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: ReturnType<typeof createOutboxDispatcher>;
  }
}

const FLUSH_EVERY_MS = 2_000;

/** Delivers queued e-mails/SMS every few seconds, after each response that queued one, and on close. */
export const outboxPlugin = fp(async (app: FastifyInstance) => {
  const dispatcher = createOutboxDispatcher(app.database.db, {
    dataDir: app.config.dataDir,
    smtpUrl: app.config.smtpUrl,
    mailFrom: app.config.mailFrom,
    log: app.log,
  });
  app.decorate('outbox', dispatcher);
  const swallow = (error: unknown) => app.log.warn({ err: error }, 'outbox flush failed');
  const timer = app.config.isTest ? null : setInterval(() => dispatcher.flush().catch(swallow), FLUSH_EVERY_MS);
  timer?.unref();
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await dispatcher.flush().catch(swallow);
  });
});

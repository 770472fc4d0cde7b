import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createOutboxDispatcher, type OutboxDispatcher } from '../lib/outbox-dispatcher';
import { createSmppClient, smppTransport } from '../lib/sms/smpp-client';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxDispatcher;
  }
}

const FLUSH_EVERY_MS = 2_000;

/**
 * Delivers queued e-mails/SMS every few seconds, after each response that queued one, and on close. With
 * SMS_URL the SMPP session is bound once the app is ready and unbound on close.
 */
export const outboxPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  const gateway = config.smsGateway;
  const smpp = gateway
    ? createSmppClient({ gateway, log: app.log, onReceipt: (receipt) => dispatcher.recordReceipt(receipt) })
    : null;
  const dispatcher = createOutboxDispatcher(app.database.db, {
    dataDir: config.dataDir,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    log: app.log,
    clock: app.clock,
    ...(smpp && gateway ? { sms: smppTransport(smpp, gateway) } : {}),
  });
  app.decorate('outbox', dispatcher);
  const { email, sms } = dispatcher.describe();
  // Which way messages go, never a user name or password.
  app.log.info({ email, sms }, `outbox: e-mail by ${email}; SMS by ${sms}`);
  const swallow = (error: unknown) => app.log.warn({ err: error }, 'outbox flush failed');
  const timer = config.isTest ? null : setInterval(() => dispatcher.flush().catch(swallow), FLUSH_EVERY_MS);
  timer?.unref();
  if (smpp) app.addHook('onReady', async () => smpp.start());
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await dispatcher.flush().catch(swallow);
    await dispatcher.close();
  });
});

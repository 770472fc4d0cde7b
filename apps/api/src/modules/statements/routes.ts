// The statements' module: the quarterly job (registered, and checked every hour outside tests).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { QUARTERLY_STATEMENTS_JOB, quarterlyStatementsHandler, scheduleQuarterlyStatements } from './jobs';

const SCHEDULE_CHECK_MS = 60 * 60_000;

export const statementsModule = fp(async (app: FastifyInstance) => {
  const db = app.database.db;
  const settings = { publicUrl: app.config.publicUrl, supportEmail: app.config.supportEmail };
  app.jobs.register(QUARTERLY_STATEMENTS_JOB, quarterlyStatementsHandler(app.files, settings, app.clock));
  if (!app.config.isTest) {
    let timer: NodeJS.Timeout | null = null;
    const check = () =>
      scheduleQuarterlyStatements(db, app.clock())
        .then((queued) => queued && app.jobs.poke())
        .catch((error: unknown) => app.log.warn({ err: error }, 'quarterly statements scheduling failed'));
    app.addHook('onReady', async () => {
      void check();
      timer = setInterval(check, SCHEDULE_CHECK_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  }
});

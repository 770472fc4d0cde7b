// The statements' module: the quarterly and yearly jobs (registered, and checked every hour outside tests),
// and the operator's regeneration of an issued statement.
import { documentItemSchema } from '@lombard/shared/schemas/documents';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { inTransaction } from '../../db/client';
import { requireProfile } from '../../lib/auth-guards';
import { notFound } from '../../lib/errors';
import { flowContext } from '../../lib/flow-context';
import { idParams, pathId } from '../../lib/route-params';
import { findDocumentItem } from '../documents/service';
import {
  QUARTERLY_STATEMENTS_JOB,
  quarterlyStatementsHandler,
  scheduleQuarterlyStatements,
  scheduleYearlyStatements,
  YEARLY_STATEMENTS_JOB,
  yearlyStatementsHandler,
} from './jobs';
import { regenerateStatement } from './regenerate';

const SCHEDULE_CHECK_MS = 60 * 60_000;

export const statementsModule = fp(async (app: FastifyInstance) => {
  const db = app.database.db;
  const settings = { publicUrl: app.config.publicUrl, supportEmail: app.config.supportEmail };
  app.jobs.register(QUARTERLY_STATEMENTS_JOB, quarterlyStatementsHandler(app.files, settings, app.clock));
  app.jobs.register(YEARLY_STATEMENTS_JOB, yearlyStatementsHandler(app.files, settings, app.clock));

  app.post(
    '/api/v1/backoffice/documents/:id/regenerate/',
    {
      onRequest: requireProfile('admin'),
      schema: {
        tags: ['backoffice'],
        summary: 'Draw an issued statement again from the books; the one before is superseded',
        params: idParams,
        response: { 201: documentItemSchema },
      },
    },
    async (request, reply) => {
      const context = flowContext(request);
      const item = await inTransaction(db, async (tx) => {
        const created = await regenerateStatement(tx, context, pathId(request));
        return created ? findDocumentItem(tx, created.userId, created.documentId) : null;
      });
      if (!item) throw notFound();
      return reply.status(201).send(item);
    },
  );
  if (!app.config.isTest) {
    let timer: NodeJS.Timeout | null = null;
    const check = () =>
      Promise.all([scheduleQuarterlyStatements(db, app.clock()), scheduleYearlyStatements(db, app.clock())])
        .then((queued) => queued.some(Boolean) && app.jobs.poke())
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

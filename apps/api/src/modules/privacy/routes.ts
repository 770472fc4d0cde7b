// The customer's own data: the copy (ask, follow, download once) and the closure of the account (ask,
// read what is kept); operators list closure requests and complete them; a daily job purges (purge.ts).
import {
  backofficeClosureSchema,
  closureRequestSchema,
  closureSchema,
  dataExportSchema,
} from '@lombard/shared/schemas/privacy';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireAuth, requireProfile } from '../../lib/auth-guards';
import { sendFile } from '../../lib/files/store';
import { idParams, pathId } from '../../lib/route-params';
import { closureOf, closureQueue, completeClosure, requestClosure } from './closure';
import {
  DATA_EXPORT_JOB,
  dataExportOf,
  purgeDataExports,
  requestDataExport,
  runDataExportJob,
  takeDataExport,
} from './data-export';
import { PRIVACY_PURGE_JOB, purgeJobHandler, schedulePrivacyPurge } from './purge';

/** How often each instance checks whether the day's purge is due (it is queued once a day anyway). */
const PURGE_SCHEDULE_CHECK_MS = 10 * 60_000;

const signedIn = [{ bearerAuth: [] }];
const admin = requireProfile('admin');

export const privacyModule = fp(async (app: FastifyInstance) => {
  const db = app.database.db;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps = {
    db,
    files: app.files,
    publicUrl: app.config.publicUrl,
    supportEmail: app.config.supportEmail,
    clock: app.clock,
  };
  app.jobs.register<{ exportId: number }>(DATA_EXPORT_JOB, async (payload, context) => {
    await runDataExportJob(deps, payload.exportId, context.job.attempts >= context.job.maxAttempts);
    await app.outbox.flush();
  });
  app.jobs.register(PRIVACY_PURGE_JOB, purgeJobHandler(app.files, app.clock));
  if (!app.config.isTest) {
    let timer: NodeJS.Timeout | null = null;
    const check = () =>
      schedulePrivacyPurge(db, app.clock())
        .then((queued) => queued && app.jobs.poke())
        .catch((error: unknown) => app.log.warn({ err: error }, 'privacy purge scheduling failed'));
    app.addHook('onReady', async () => {
      void check();
      timer = setInterval(check, PURGE_SCHEDULE_CHECK_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  }

  api.post(
    '/api/v1/account/data-export/',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['privacy'],
        summary: 'Ask for a copy of all my data (a ZIP prepared in the background; one a day)',
        security: signedIn,
        response: { 202: dataExportSchema },
      },
    },
    async (request, reply) => {
      const status = await requestDataExport(db, currentUser(request).id, app.clock());
      app.jobs.poke();
      return reply.code(202).send(status);
    },
  );

  api.get(
    '/api/v1/account/data-export/',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['privacy'],
        summary: 'Where my last copy stands: none, pending, ready, downloaded, expired or failed',
        security: signedIn,
        response: { 200: dataExportSchema },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const now = app.clock();
      // A copy that expired unread loses its bytes the next time its owner looks.
      await purgeDataExports(db, app.files, userId, now);
      return dataExportOf(db, userId, now);
    },
  );

  api.get(
    '/api/v1/account/data-export/download/',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['privacy'],
        summary: 'Download the ready copy (once; 410 once downloaded or expired)',
        security: signedIn,
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const now = app.clock();
      const file = await takeDataExport(db, userId, now);
      // Once sent (or the client gone), the bytes go: the copy exists for one download.
      reply.raw.once('close', () => {
        purgeDataExports(db, app.files, userId, now).catch((error: unknown) =>
          request.log.warn({ err: error }, 'data export purge failed'),
        );
      });
      return sendFile(reply, app.files, file);
    },
  );

  api.get(
    '/api/v1/account/closure/',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['privacy'],
        summary: 'My closure request, if any, and what is kept after closure and why',
        security: signedIn,
        response: { 200: closureSchema },
      },
    },
    async (request) => closureOf(db, currentUser(request).id, request.t),
  );

  api.post(
    '/api/v1/account/closure/',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['privacy'],
        summary: 'Ask to close my account (an operator completes it once nothing is left in it)',
        security: signedIn,
        body: closureRequestSchema,
        response: { 202: closureSchema },
      },
    },
    async (request, reply) => {
      const closure = await requestClosure(db, currentUser(request).id, request.body.reason, app.clock(), request.t);
      return reply.code(202).send(closure);
    },
  );

  api.get(
    '/api/v1/backoffice/closures/',
    {
      onRequest: admin,
      schema: {
        tags: ['backoffice'],
        summary: 'Account closure requests, open ones first',
        security: signedIn,
        response: { 200: z.object({ results: z.array(backofficeClosureSchema), count: z.number() }) },
      },
    },
    async () => {
      const results = await closureQueue(db);
      return { results, count: results.length };
    },
  );

  api.post(
    '/api/v1/backoffice/closures/:id/complete/',
    {
      onRequest: admin,
      schema: {
        tags: ['backoffice'],
        summary: 'Complete a closure: refused while funds, cash, an advance or an order remain',
        security: signedIn,
        params: idParams,
        response: { 200: backofficeClosureSchema },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      return completeClosure(db, {
        closureId: pathId(request),
        actor: { id: actor.id, email: actor.email },
        now: app.clock(),
        files: app.files,
        t: request.t,
        requestId: request.id,
        ip: request.ip,
      });
    },
  );
});

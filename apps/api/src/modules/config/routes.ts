import { calendarDate } from '@lombard/shared/money/business-days';
import { globalConfigSchema } from '@lombard/shared/schemas/config';
import { operatorSettingsSchema } from '@lombard/shared/schemas/settings';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { currentUser, requireProfile } from '../../lib/auth-guards';
import { sendEncoded } from '../../lib/content-encoding';
import { type ConfigAnswer, createConfigService } from './global-config';
import { readOperatorSettings, updateOperatorSettings } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    globalConfig: ReturnType<typeof createConfigService>;
  }
}

const CHANNEL = 'lombard_settings';

// Any write to the settings table, by whichever instance or tool, tells every instance on commit.
const TRIGGERS = [
  `create or replace function lombard_settings_notify() returns trigger language plpgsql as $$
   begin
     perform pg_notify('${CHANNEL}', '');
     return null;
   end $$`,
  'drop trigger if exists lombard_settings_changed on settings',
  `create trigger lombard_settings_changed after insert or update or delete or truncate on settings
   for each statement execute function lombard_settings_notify()`,
].map((statement) => sql.raw(statement));

function sendAnswer(request: FastifyRequest, reply: FastifyReply, { body, etag }: ConfigAnswer): FastifyReply {
  reply.header('Cache-Control', 'public, max-age=300').header('ETag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  // Serialized (and checked against the schema) once per change, not per answer.
  return sendEncoded(request, reply.type('application/json; charset=utf-8'), body);
}

/** Registered with fastify-plugin so that other modules can read `app.globalConfig`. */
export const configModule = fp(async (app: FastifyInstance) => {
  const db = app.database.db;
  const service = createConfigService(
    app.config,
    () => readOperatorSettings(db),
    () => calendarDate(app.clock()),
  );
  app.decorate('globalConfig', service);

  await app.database.db.transaction(async (tx) => {
    // Two instances starting together must not replace the function at the same moment.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${CHANNEL}))`);
    for (const statement of TRIGGERS) await tx.execute(statement);
  });
  // Also after a lost connection to the database: a change may have been missed meanwhile.
  const subscription = await app.database.listen(CHANNEL, service.invalidate, service.invalidate);
  app.addHook('onClose', async () => subscription.stop());

  // Answered with the JSON prepared by the service (304 when unchanged), hence not the typed instance;
  // the service keeps it compressed too, so the compression plugin has nothing to do here.
  app.get(
    '/api/get-global-config/',
    {
      compress: false,
      config: { sameInEveryLanguage: true, sameForEveryone: true },
      schema: {
        tags: ['config'],
        summary: 'Global configuration',
        // 304: the client's If-None-Match names the current version; no body.
        response: { 200: globalConfigSchema, 304: z.null() },
      },
    },
    // Not async: once the answer is built (nearly always) it is sent without a promise and its microtasks,
    // about 1 µs of the 41 µs of CPU this request costs (bench/README.md).
    (request, reply) => {
      const ready = service.ready();
      if (ready) return sendAnswer(request, reply, ready);
      return service.answer().then((built) => sendAnswer(request, reply, built));
    },
  );

  const admin = requireProfile('admin');
  app.get(
    '/api/v1/backoffice/settings/',
    {
      onRequest: admin,
      schema: { tags: ['backoffice'], summary: 'Operator settings', response: { 200: operatorSettingsSchema } },
    },
    () => readOperatorSettings(db),
  );
  app.put(
    '/api/v1/backoffice/settings/',
    {
      onRequest: admin,
      schema: {
        tags: ['backoffice'],
        summary: 'Replace the operator settings (audited; every instance serves them at once)',
        body: operatorSettingsSchema,
        response: { 200: operatorSettingsSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const saved = await updateOperatorSettings(
        db,
        { id: user.id, email: user.email },
        request.body as z.infer<typeof operatorSettingsSchema>,
        { requestId: request.id, ip: request.ip, today: calendarDate(app.clock()), language: request.language },
      );
      // This instance answers with the new configuration at once, before its own notification arrives.
      service.invalidate();
      return saved;
    },
  );
});

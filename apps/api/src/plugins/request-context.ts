import type { Language } from '@lombard/shared/locale';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { languageOfRequest, type Translate, translator } from '../lib/i18n';

/**
 * Every request's language (from Accept-Language, Italian by default) and a translate function bound to
 * it, read when something asks: a hook per request would cost every answer, most of which never
 * translate. The answer says its language (Content-Language) in the security plugin's onSend hook,
 * which every answer but a probe's passes through.
 */
export const requestContextPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('language', {
    getter(this: FastifyRequest): Language {
      return languageOfRequest(this);
    },
  });
  app.decorateRequest('t', {
    getter(this: FastifyRequest): Translate {
      return translator(this.language);
    },
  });
});

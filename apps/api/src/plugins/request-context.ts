import { languageFromAcceptLanguage } from '@lombard/shared/locale';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { translator } from '../lib/i18n';

/** Decorates every request with its language and a bound translate function. */
export const requestContextPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('language', 'it');
  app.decorateRequest('t', () => '');
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.probe) return;
    request.language = languageFromAcceptLanguage(request.headers['accept-language']);
    request.t = translator(request.language);
    reply.header('Content-Language', request.language);
  });
});

import { languageFromAcceptLanguage } from '@lombard/shared/locale';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { translator } from '../lib/i18n';

/** Decorates every request with its language and a bound translate function. */
export const requestContextPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('language', 'it');
  app.decorateRequest('t', () => '');
  // A global hook (not one per route): the not-found answer is written in the caller's language too.
  const setLanguage: onRequestHookHandler = (request, reply, done) => {
    if (!request.routeOptions.config.probe) {
      request.language = languageFromAcceptLanguage(request.headers['accept-language']);
      request.t = translator(request.language);
      reply.header('Content-Language', request.language);
    }
    done();
  };
  app.addHook('onRequest', setLanguage);
});

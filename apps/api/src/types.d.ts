import type { Language } from '@lombard/shared/locale';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import type { Translate } from './lib/i18n';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: DatabaseHandle;
    /** Now, as the app sees it: services take it as an argument so tests can move time. */
    clock: () => Date;
  }
  interface FastifyRequest {
    /** Language of the response: from Accept-Language (it default). */
    language: Language;
    t: Translate;
  }
}

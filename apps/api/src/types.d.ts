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
  interface FastifyContextConfig {
    /**
     * A health probe: answered by the process alone, for a load balancer or an orchestrator, never a
     * browser. The app's own per-request work (language, input guard, security headers) skips it.
     */
    probe?: boolean;
    /** An answer with no text in a language (the global configuration): no Content-Language. */
    sameInEveryLanguage?: boolean;
    /**
     * An answer that is the same for every visitor and holds nothing of theirs (the global
     * configuration): other sites may read it, so it carries no Cross-Origin-Resource-Policy.
     */
    sameForEveryone?: boolean;
  }
  interface FastifyRequest {
    /** Language of the response: from Accept-Language (it default). */
    language: Language;
    t: Translate;
  }
}

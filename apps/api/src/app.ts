// Builds the Fastify instance: infrastructure plugins, then feature modules, then the web app.
// server.ts only listens; tests build the app here and talk to it through app.inject.
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AppConfig, loadConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { registerErrorHandler } from './lib/errors';
import { accountModule } from './modules/account/routes';
import { auditModule } from './modules/audit/routes';
import { authModule } from './modules/auth/routes';
import { backofficeModule } from './modules/backoffice/routes';
import { configModule } from './modules/config/routes';
import { contactModule } from './modules/contact/routes';
import { exportsModule } from './modules/exports/routes';
import { healthModule } from './modules/health/routes';
import { menuModule } from './modules/menu/routes';
import { newsletterModule } from './modules/newsletter/routes';
import { notificationsModule } from './modules/notifications/routes';
import { partnersModule } from './modules/partners/routes';
import { pledgeDocumentModule } from './modules/pledge-document/routes';
import { productsModule } from './modules/products/routes';
import { supportModule } from './modules/support/routes';
import { databasePlugin } from './plugins/database';
import { docsPlugin } from './plugins/docs';
import { jobsPlugin } from './plugins/jobs';
import { outboxPlugin } from './plugins/outbox';
import { requestContextPlugin } from './plugins/request-context';
import { securityPlugin } from './plugins/security';
import { webPlugin } from './plugins/web';

export interface BuildAppOptions {
  config?: AppConfig;
  /** An already open database (tests); otherwise one is opened from the configuration. */
  database?: DatabaseHandle;
  /** Apply migrations and the demo seed on start (default true). */
  migrate?: boolean;
  seed?: boolean;
}

const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.new_password1',
  '*.new_password2',
  '*.refresh',
  '*.access',
  '*.token',
];

export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config = options.config ?? loadConfig();
  const app = Fastify({
    logger: { level: config.logLevel, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
    trustProxy: config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    bodyLimit: 12 * 1024 * 1024,
    // A first start migrates and seeds an embedded database; on a busy machine that exceeds the 10 s default.
    pluginTimeout: 120_000,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorateRequest('user', null);

  // Tier 1: infrastructure.
  registerErrorHandler(app);
  await app.register(requestContextPlugin);
  await app.register(databasePlugin, {
    database: options.database,
    migrate: options.migrate ?? true,
    seed: options.seed ?? config.seedDemo,
  });
  await app.register(securityPlugin);
  await app.register(outboxPlugin);
  await app.register(jobsPlugin);
  await app.register(docsPlugin);

  // Tier 2: feature modules. Each registers its own paths (spec §7) and owns its folder.
  // The auth module first: its hook sets request.user for every module after it.
  await app.register(authModule);
  await app.register(accountModule);
  await app.register(menuModule);
  await app.register(healthModule);
  await app.register(configModule);
  await app.register(notificationsModule);
  await app.register(exportsModule);
  await app.register(auditModule);
  await app.register(backofficeModule);
  // Public site (issue 5): help centre, products, partners, contact, newsletter, pledge document.
  await app.register(supportModule);
  await app.register(productsModule);
  await app.register(partnersModule);
  await app.register(contactModule);
  await app.register(newsletterModule);
  await app.register(pledgeDocumentModule);

  // Tier 3: the built web app and the SPA fallback; last, so that API 404s stay JSON.
  await app.register(webPlugin);
  return app;
}

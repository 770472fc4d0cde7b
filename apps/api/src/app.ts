// Builds the Fastify instance: infrastructure plugins, then feature modules, then the web app.
// server.ts only listens; tests build the app here and talk to it through app.inject.
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AppConfig, loadConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { registerErrorHandler } from './lib/errors';
import { configModule } from './modules/config/routes';
import { healthModule } from './modules/health/routes';
import { databasePlugin } from './plugins/database';
import { docsPlugin } from './plugins/docs';
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
  await app.register(docsPlugin);

  // Tier 2: feature modules. Each registers its own paths (spec §7) and owns its folder.
  await app.register(healthModule);
  await app.register(configModule);

  // Tier 3: the built web app and the SPA fallback; last, so that API 404s stay JSON.
  await app.register(webPlugin);
  return app;
}

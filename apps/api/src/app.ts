// Builds the Fastify instance: infrastructure plugins, then feature modules, then the web app.
// server.ts only listens; tests build the app here and talk to it through app.inject.
import { JSON_BODY_LIMIT_BYTES } from '@lombard/shared/constants';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { type AppConfig, loadConfig } from './config';
import type { DatabaseHandle } from './db/client';
import type { ActConfirmations } from './lib/act-confirmations';
import { bufferedLogOutput } from './lib/app-log-output';
import { asksForAPage, sendBadAddressPage } from './lib/bad-address-page';
import { answerError, registerErrorHandler } from './lib/errors';
import { LineBatches } from './lib/line-batches';
import { LOG_SERIALIZERS, REDACTED_PATHS } from './lib/log-redaction';
import { OneWriteResponse } from './lib/one-write-response';
import { nextRequestId } from './lib/request-id';
import { makeChildLoggersLazy, OneLinePerRequest } from './lib/request-log';
import { accountModule } from './modules/account/routes';
import { advancesModule } from './modules/advances/routes';
import { auditModule } from './modules/audit/routes';
import { authModule } from './modules/auth/routes';
import { authenticatorModule } from './modules/authenticator/routes';
import { sealPlainSecrets, useAuthenticatorKey } from './modules/authenticator/service';
import { backofficeModule } from './modules/backoffice/routes';
import { configModule } from './modules/config/routes';
import { contactModule } from './modules/contact/routes';
import { documentsModule } from './modules/documents/routes';
import { exportsModule } from './modules/exports/routes';
import { healthModule } from './modules/health/routes';
import { kycReviewModule } from './modules/kyc-review/routes';
import { menuModule } from './modules/menu/routes';
import { mifidModule } from './modules/mifid/routes';
import { latestResult } from './modules/mifid/service';
import { newsletterModule } from './modules/newsletter/routes';
import { notificationsModule } from './modules/notifications/routes';
import { partnersModule } from './modules/partners/routes';
import { passkeysModule } from './modules/passkeys/routes';
import { pledgeDocumentModule } from './modules/pledge-document/routes';
import { privacyModule } from './modules/privacy/routes';
import { productsModule } from './modules/products/routes';
import { profileModule } from './modules/profile/routes';
import { signingModule } from './modules/signing/routes';
import {
  confirmSignature,
  consumeSignature,
  hasConfirmationFactor,
  requestActConfirmation,
} from './modules/signing/service';
import { statementsModule } from './modules/statements/routes';
import { stockPlansModule } from './modules/stock-plans/routes';
import { supportModule } from './modules/support/routes';
import { transactionsModule } from './modules/transactions/routes';
import { walletModule } from './modules/wallet/routes';
import { databasePlugin } from './plugins/database';
import { docsPlugin } from './plugins/docs';
import { filesPlugin } from './plugins/files';
import { inputGuardPlugin } from './plugins/input-guard';
import { jobsPlugin } from './plugins/jobs';
import { outboxPlugin } from './plugins/outbox';
import { rateLimitPlugin } from './plugins/rate-limit';
import { readCachePlugin } from './plugins/read-cache';
import { redisPlugin } from './plugins/redis';
import { requestContextPlugin } from './plugins/request-context';
import { routeGuardsPlugin } from './plugins/route-guards';
import { securityHeaders, securityPlugin } from './plugins/security';
import { webPlugin } from './plugins/web';
import { seedOnStart } from './seed/on-start';

export interface BuildAppOptions {
  config?: AppConfig;
  /** An already open database (tests); otherwise one is opened from the configuration. */
  database?: DatabaseHandle;
  /** Apply migrations on start (default true). */
  migrate?: boolean;
  /** Seed on start (default true): the base content, and demo data when `config.seedDemo`; false seeds nothing. */
  seed?: boolean;
  /** Where log lines go instead of stdout (tests read them to prove that no secret is logged). */
  logStream?: DestinationStream;
  /** The time as the app sees it (tests move it instead of sleeping); defaults to the system clock. */
  clock?: () => Date;
}

export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config = options.config ?? loadConfig();
  const authenticatorKey = useAuthenticatorKey(config);
  // Production writes through a buffer, off the request path, written every quarter second and at once
  // for an error line (app-log-output.ts); elsewhere lines appear at once.
  const logStream = options.logStream ?? (config.isProduction ? bufferedLogOutput(1) : undefined);
  // A stream given by a caller (tests read it) gets each line at once; standard output gets them in batches.
  const requestOutput = options.logStream ?? new LineBatches(1);
  const requestLog = new OneLinePerRequest(requestOutput, config.logLevel);
  // The router refuses an address it cannot decode before any route, so before the hooks that harden
  // an answer: that refusal gets the same headers here.
  const { everyAnswer, documentOnly } = securityHeaders(config);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: LOG_SERIALIZERS,
      ...(logStream ? { stream: logStream } : {}),
    },
    logController: requestLog,
    trustProxy: config.trustProxy,
    genReqId: nextRequestId,
    requestIdHeader: false,
    // The default for every route; a route that needs more says so (uploads are multipart, with their own).
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // A first start migrates and seeds an embedded database; on a busy machine that exceeds the 10 s default.
    pluginTimeout: 120_000,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
    http: { ServerResponse: OneWriteResponse },
    frameworkErrors: (error, request, reply) => {
      // Nor does Fastify write that request's log line: the line is written here, as for any request.
      reply.raw.once('finish', () => requestLog.requestCompleted(null, request, reply));
      reply.headers(everyAnswer);
      // A visitor who followed a broken link to a page reads a page about it, not the API's JSON.
      if (error.code === 'FST_ERR_BAD_URL' && asksForAPage(request)) {
        return sendBadAddressPage(request, reply.headers(documentOnly));
      }
      return answerError(error, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();

  makeChildLoggersLazy(app.log);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('clock', options.clock ?? (() => new Date()));
  app.decorateRequest('user', null);
  app.addHook('onClose', async () => {
    requestLog.writeRefusedSummary();
    if (requestOutput instanceof LineBatches) await requestOutput.close();
  });

  // Tier 1: infrastructure.
  registerErrorHandler(app);
  await app.register(requestContextPlugin);
  await app.register(filesPlugin);
  await app.register(databasePlugin, { database: options.database, migrate: options.migrate ?? true });
  // Secrets enrolled before they were sealed at rest are sealed now: a data migration, which needs the key
  // the SQL migrations do not have (idempotent: sealed rows are left alone).
  if (authenticatorKey) await sealPlainSecrets(app.database.db);
  if (options.seed ?? true) await app.register(seedOnStart);
  await app.register(readCachePlugin);
  await app.register(securityPlugin);
  await app.register(redisPlugin);
  await app.register(rateLimitPlugin);
  // The route guards order a route's own hooks first; the input guard then goes after them, so that
  // an anonymous caller is told to sign in (401) before anything about what it sent (400).
  await app.register(routeGuardsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(outboxPlugin);
  await app.register(jobsPlugin);
  if (config.apiDocs) await app.register(docsPlugin);

  // Tier 2: feature modules. Each registers its own API paths and owns its folder.
  // Changes of IBAN, e-mail and phone are confirmed by the signing module, which reaches the account and
  // the profile itself: they get its functions from here.
  const actConfirmations: ActConfirmations = {
    hasFactor: hasConfirmationFactor,
    request: requestActConfirmation,
    confirm: confirmSignature,
    consume: consumeSignature,
  };
  // The auth module first: its hook sets request.user for every module after it.
  await app.register(authModule);
  await app.register(accountModule, { actConfirmations });
  await app.register(menuModule);
  await app.register(healthModule);
  await app.register(configModule);
  await app.register(notificationsModule);
  await app.register(exportsModule);
  await app.register(privacyModule);
  await app.register(auditModule);
  await app.register(backofficeModule);
  await app.register(documentsModule);
  await app.register(profileModule, {
    latestMifidResult: latestResult,
    actConfirmations,
  });
  await app.register(authenticatorModule);
  await app.register(passkeysModule);
  await app.register(mifidModule);
  await app.register(kycReviewModule);
  // Public site (issue 5): help centre, products, partners, contact, newsletter, pledge document.
  await app.register(supportModule);
  await app.register(productsModule);
  await app.register(partnersModule);
  await app.register(contactModule);
  await app.register(newsletterModule);
  await app.register(pledgeDocumentModule);
  // Money (issue 13): orders, cash, settlement, the wallet; signed order documents.
  await app.register(signingModule);
  await app.register(transactionsModule);
  await app.register(walletModule);
  await app.register(stockPlansModule);
  await app.register(advancesModule);
  // Statements (issue 39): contract notes are the transactions module's; the periodic ones are here.
  await app.register(statementsModule);

  // Tier 3: the built web app and the SPA fallback; last, so that API 404s stay JSON.
  await app.register(webPlugin);
  return app;
}

// Products of the partner bank: the public list (no sign-in, landing pages), the signed-in catalogue
// with NAV history and the KID, the operators' back office, and the daily NAV job.
import { LANGUAGES } from '@lombard/shared/locale';
import {
  navRecordSchema,
  navSeriesSchema,
  productNavsQuerySchema,
  publicProductListSchema,
  publicProductsQuerySchema,
} from '@lombard/shared/schemas/products';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTransaction } from '../../db/client';
import { requireAuth, requireProfile } from '../../lib/auth-guards';
import { notFound } from '../../lib/errors';
import { recordAudit } from '../../lib/resource/audit';
import { registerResource, resourceContext } from '../../lib/resource/routes';
import { BACKOFFICE_PRODUCTS_PATH, backofficeProducts } from './backoffice';
import { customerProducts, PRODUCTS_PATH } from './catalogue';
import { createKidCache } from './kid';
import { romeClock } from './nav-calendar';
import { DAILY_NAVS_JOB, dailyNavsHandler, scheduleDailyNavs } from './nav-job';
import { navSeries, recordNav } from './navs';
import { createProductsService, findProduct, productNavHistory } from './service';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const kidQuery = z.object({ language: z.enum(LANGUAGES).optional() });

/** How often each instance checks whether the day's NAV run is due (it is queued once per day anyway). */
const NAV_SCHEDULE_CHECK_MS = 10 * 60_000;

export const productsModule = fp(async (app: FastifyInstance) => {
  const db = app.database.db;
  const productsService = createProductsService(db);
  const kids = createKidCache();
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/v1/public/products/',
    {
      schema: {
        tags: ['products'],
        summary: 'Products on sale, as the public site shows them',
        querystring: publicProductsQuerySchema,
        response: { 200: publicProductListSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'public, max-age=60');
      reply.header('Vary', 'Accept-Language');
      return productsService.listPublicProducts(request.query, request.language);
    },
  );

  const visibleProduct = async (request: FastifyRequest) => {
    const { id } = request.params as { id: number };
    const product = await findProduct(db, id);
    if (product?.status !== 1) throw notFound();
    return product;
  };

  typed.get(
    `${PRODUCTS_PATH}:id/navs/`,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['products'],
        summary: 'NAV history of a period, ascending (long periods thinned out)',
        params: idParams,
        querystring: productNavsQuerySchema,
        response: { 200: navSeriesSchema },
      },
    },
    async (request) => {
      const product = await visibleProduct(request);
      return navSeries(db, product.id, request.query.period);
    },
  );

  typed.get(
    `${PRODUCTS_PATH}:id/kid/`,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['products'],
        summary: 'The Key Information Document as a PDF (default language: Accept-Language)',
        params: idParams,
        querystring: kidQuery,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const product = await visibleProduct(request);
      const language = request.query.language ?? request.language;
      const bytes = await kids.get(
        {
          product,
          navs: await productNavHistory(db, product.id),
          supportEmail: app.config.supportEmail,
          today: romeClock(app.clock()).date,
        },
        language,
      );
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${kids.fileName(product.isin, language)}"`)
        .header('Cache-Control', 'private, max-age=3600')
        .send(Buffer.from(bytes));
    },
  );

  typed.post(
    `${BACKOFFICE_PRODUCTS_PATH}:id/navs/`,
    {
      onRequest: requireProfile('admin'),
      schema: {
        tags: ['backoffice'],
        summary: 'Record or correct the NAV of one working day',
        params: idParams,
        body: navRecordSchema,
      },
    },
    async (request) => {
      const context = resourceContext(request);
      const { id } = request.params;
      return inTransaction(db, async (tx) => {
        const product = await findProduct(tx, id);
        if (!product) throw notFound();
        const { previous } = await recordNav(tx, id, request.body, app.clock());
        await recordAudit(tx, context.user, {
          action: previous === null ? 'record_nav' : 'correct_nav',
          objectType: backofficeProducts.name,
          objectId: id,
          before: previous === null ? null : { date: request.body.date, nav: previous },
          after: request.body,
          requestId: context.requestId,
          ip: context.ip,
        });
        return {
          ...request.body,
          previous,
          detail: context.t(previous === null ? 'products:navRecorded' : 'products:navCorrected'),
        };
      });
    },
  );

  await registerResource(app, customerProducts);
  await registerResource(app, backofficeProducts);

  app.jobs.register(DAILY_NAVS_JOB, dailyNavsHandler(app.config.navSource));
  if (!app.config.isTest) {
    let timer: NodeJS.Timeout | null = null;
    const check = () =>
      scheduleDailyNavs(db, app.clock())
        .then((queued) => queued && app.jobs.poke())
        .catch((error: unknown) => app.log.warn({ err: error }, 'daily NAV scheduling failed'));
    app.addHook('onReady', async () => {
      void check();
      timer = setInterval(check, NAV_SCHEDULE_CHECK_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  }
});

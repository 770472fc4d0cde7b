// Customer advance routes: borrowing power, the calculator's quote, the SECCI, the request and its
// cancellation, the contract's signature by one-time code, the detail and its documents.

import { ADVANCE_QUOTE_PATH } from '@lombard/shared/advance-search';
import { calendarDate } from '@lombard/shared/money/business-days';
import {
  type AdvanceQuoteRequest,
  type AdvanceRequest,
  advanceDetailSchema,
  advanceQuoteQuerySchema,
  advanceQuoteSchema,
  advanceRequestSchema,
  advanceSignatureSchema,
  advanceSignRequestSchema,
  borrowingPowerSchema,
  secciQuerySchema,
} from '@lombard/shared/schemas/advances';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { inTransaction } from '../../db/client';
import { currentUser, requireProfile } from '../../lib/auth-guards';
import { notFound } from '../../lib/errors';
import { findFile, sendFile } from '../../lib/files/store';
import { flowContext, movingMoney } from '../../lib/flow-context';
import { codeSendLimit } from '../../lib/one-time-code/codes';
import { keptJson, sendJson } from '../../lib/read-cache';
import { registerResource } from '../../lib/resource/routes';
import { idParams, pathId } from '../../lib/route-params';
import { getAccount } from '../account/service';
import { advanceSettings } from '../config/service';
import { backofficeRoutes } from './backoffice-routes';
import { borrowRoutes } from './borrow-routes';
import { borrowingPowerOf } from './collateral';
import { creditReviewRoutes } from './credit-review-routes';
import { advanceDetail, customerDetail } from './detail';
import { buildSecci, secciFileName } from './documents';
import { sendAdvanceSecci, sendPdf } from './files';
import { registerAdvanceJobs } from './jobs';
import { marginAlertRoutes } from './margin-alert-routes';
import { findAdvance } from './records';
import { repaymentRoutes } from './repayment-routes';
import {
  assertWithinUsuryThreshold,
  cancelAdvance,
  priceAdvance,
  quoteRequest,
  requestAdvance,
} from './request-service';
import { myAdvances } from './resources';
import { riskRoutes } from './risk-routes';
import { checkContractCode, sendContractCode, signContract } from './signing-service';
import { statementRoutes } from './statement-routes';
import { swapRoutes } from './swap-routes';
import { withdrawalRoutes } from './withdrawal-routes';

const borrowers = requireProfile('customer', 'admin');
const schema = (summary: string, extra: Record<string, unknown> = {}) => ({ tags: ['advances'], summary, ...extra });

export const advancesModule = fp(async (app: FastifyInstance) => {
  const db = app.database.db;

  app.get(
    '/api/v1/advances/borrowing-power/',
    {
      onRequest: borrowers,
      schema: schema('Collateral lines and the largest advance', { response: { 200: borrowingPowerSchema } }),
    },
    async (request, reply) => {
      const { id } = currentUser(request);
      const load = async () => {
        const { minimum } = await advanceSettings(db, calendarDate(app.clock()));
        return borrowingPowerOf(db, id, request.t, minimum);
      };
      return sendJson(
        request,
        reply,
        await keptJson(app.readCache, id, `power:${request.language}`, borrowingPowerSchema, load),
      );
    },
  );

  app.get(
    ADVANCE_QUOTE_PATH,
    {
      onRequest: borrowers,
      schema: schema('Quote an advance (moves nothing)', {
        querystring: advanceQuoteQuerySchema,
        response: { 200: advanceQuoteSchema },
      }),
    },
    async (request, reply) => {
      const context = flowContext(request);
      const query = request.query as AdvanceQuoteRequest;
      // A quote depends on the day (the schedule's dates), the language of its messages and the figures.
      const lines = query.collateral?.join(',') ?? '*';
      const key = `quote:${context.today}:${context.language}:${query.amount}:${query.instalments}:${lines}`;
      const load = () => quoteRequest(db, context, context.actor.id, query);
      return sendJson(request, reply, await keptJson(app.readCache, context.actor.id, key, advanceQuoteSchema, load));
    },
  );

  app.get(
    '/api/v1/advances/secci/',
    { onRequest: borrowers, schema: schema('The SECCI of a quote, as a PDF', { querystring: secciQuerySchema }) },
    async (request, reply) => {
      const query = request.query as z.infer<typeof secciQuerySchema>;
      const context = flowContext(request);
      const account = await getAccount(db, context.actor.id);
      const settings = await advanceSettings(db, context.today);
      const quote = priceAdvance(query.amount, query.instalments, context.today, settings.bands, context.language);
      assertWithinUsuryThreshold(quote.apr, settings.usuryThreshold, context.language);
      const terms = {
        customerName: [account?.firstName, account?.lastName].filter(Boolean).join(' ') || context.actor.email,
        date: context.today,
        quote,
        collateral: [],
        supportEmail: context.supportEmail,
        payoutHours: settings.payoutHours,
      };
      return sendPdf(reply, await buildSecci(context.language, terms), secciFileName(context.language, terms));
    },
  );

  await registerResource(app, myAdvances);

  app.post(
    '/api/v1/advances/',
    {
      onRequest: borrowers,
      schema: schema('Request an advance, pledging the picked collateral (Idempotency-Key)', {
        body: advanceRequestSchema,
        response: { 201: advanceDetailSchema },
      }),
    },
    movingMoney(201, async (tx, context, request) => {
      const row = await requestAdvance(tx, context, context.actor.id, request.body as AdvanceRequest);
      return advanceDetail(tx, row, { actor: 'customer', t: context.t, language: context.language, now: context.now });
    }),
  );

  app.get(
    '/api/v1/advances/:id/',
    {
      onRequest: borrowers,
      schema: schema('An advance', { params: idParams, response: { 200: advanceDetailSchema } }),
    },
    async (request) => customerDetail(request, pathId(request)),
  );

  app.get(
    '/api/v1/advances/:id/secci/',
    { onRequest: borrowers, schema: schema("The SECCI of an advance's terms", { params: idParams }) },
    async (request, reply) => {
      const context = flowContext(request);
      const row = await findAdvance(db, pathId(request), { userId: context.actor.id });
      return sendAdvanceSecci(reply, db, row, context);
    },
  );

  app.get(
    '/api/v1/advances/:id/contract/',
    { onRequest: borrowers, schema: schema('The issued contract', { params: idParams }) },
    async (request, reply) => {
      const row = await findAdvance(db, pathId(request), { userId: currentUser(request).id });
      const file = row.contractFileId ? await findFile(db, row.contractFileId) : null;
      if (!file) throw notFound();
      return sendFile(reply, app.files, file);
    },
  );

  app.post(
    '/api/v1/advances/:id/cancel/',
    {
      onRequest: borrowers,
      schema: schema('Cancel a request before signing', { params: idParams, response: { 200: advanceDetailSchema } }),
    },
    async (request) => {
      const context = flowContext(request);
      await inTransaction(db, (tx) => cancelAdvance(tx, context, context.actor.id, pathId(request)));
      return customerDetail(request, pathId(request));
    },
  );

  app.post(
    '/api/v1/advances/:id/signature/',
    {
      onRequest: borrowers,
      config: codeSendLimit(app.config),
      schema: schema('Send the code to sign the contract', {
        params: idParams,
        response: { 200: advanceSignatureSchema },
      }),
    },
    async (request) => {
      const context = flowContext(request);
      return inTransaction(db, (tx) => sendContractCode(tx, context, context.actor.id, pathId(request)));
    },
  );

  app.post(
    '/api/v1/advances/:id/sign/',
    {
      onRequest: borrowers,
      schema: schema('Sign the contract with the code', {
        params: idParams,
        body: advanceSignRequestSchema,
        response: { 200: advanceDetailSchema },
      }),
    },
    async (request) => {
      const context = flowContext(request);
      const id = pathId(request);
      const proof = request.body as z.infer<typeof advanceSignRequestSchema>;
      const hash = await checkContractCode(db, context, context.actor.id, id, proof);
      await inTransaction(db, (tx) => signContract(tx, context, context.actor.id, id, hash));
      return customerDetail(request, id);
    },
  );

  await riskRoutes(app);
  await borrowRoutes(app);
  await marginAlertRoutes(app);
  await backofficeRoutes(app);
  await creditReviewRoutes(app);
  // Once paid out: early repayment, the right of withdrawal, the collateral swap; and the jobs.
  await repaymentRoutes(app);
  await withdrawalRoutes(app);
  await swapRoutes(app);
  await statementRoutes(app);
  registerAdvanceJobs(app);
});

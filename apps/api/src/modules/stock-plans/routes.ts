// Stock plans: customers register a plan with its document (multipart); operators verify or reject it.

import { DOCUMENT_MESSAGES as M } from '@lombard/shared/schemas/documents';
import { stockPlanRequestSchema, stockPlanSchema, stockPlanVerifySchema } from '@lombard/shared/schemas/stock-plans';
import { rejectRequestSchema } from '@lombard/shared/schemas/transactions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { inTransaction } from '../../db/client';
import { currentUser, requireProfile } from '../../lib/auth-guards';
import { type FieldMessage, validationFailed, type ZodLikeIssue } from '../../lib/errors';
import { checkUpload, multipartBody, readMultipartForm, registerUploads } from '../../lib/files/uploads';
import { flowContext, movingMoney } from '../../lib/flow-context';
import { registerResource } from '../../lib/resource/routes';
import { idParams, pathId } from '../../lib/route-params';
import { priceRoutes } from './price-routes';
import { planPriceOn } from './prices';
import { backofficeStockPlans, myStockPlans } from './resources';
import {
  planBalances,
  registerStockPlan,
  rejectStockPlan,
  type StockPlanRow,
  serializeStockPlan,
  verifyStockPlan,
} from './service';

const holders = requireProfile('lead', 'customer', 'admin');
const admin = requireProfile('admin');
const PLAN_FILE_FIELD = 'file';

async function asItem(request: FastifyRequest, row: StockPlanRow) {
  const balances = await planBalances(request.server.database.db, row.userId);
  return serializeStockPlan(row, (balances.get(row.id)?.pledged ?? 0).toString(), request.t, null);
}

async function uploadRoutes(scope: FastifyInstance) {
  await registerUploads(scope, { maxFiles: 1 });
  scope.post(
    '/api/v1/stock-plans/',
    {
      onRequest: holders,
      schema: {
        tags: ['stock-plans'],
        summary: 'Register a stock plan with its document',
        consumes: ['multipart/form-data'],
        multipartBody: multipartBody(stockPlanRequestSchema, { [PLAN_FILE_FIELD]: { required: true } }),
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, [PLAN_FILE_FIELD]);
      const fields = stockPlanRequestSchema.safeParse(form.fields);
      const received = form.files[PLAN_FILE_FIELD];
      const checked = received ? checkUpload(received) : { problem: { key: M.fileRequired } as FieldMessage };
      const problems: Record<string, FieldMessage[]> =
        'problem' in checked ? { [PLAN_FILE_FIELD]: [checked.problem] } : {};
      if (!fields.success || 'problem' in checked || !received) {
        throw validationFailed((fields.error?.issues ?? []) as ZodLikeIssue[], problems);
      }
      const context = flowContext(request);
      const row = await inTransaction(scope.database.db, (tx) =>
        registerStockPlan(
          tx,
          context.files,
          currentUser(request).id,
          fields.data,
          { side: null, fileName: received.fileName, contentType: checked.contentType, bytes: received.bytes },
          context.now,
        ),
      );
      return reply.status(201).send(await asItem(request, row));
    },
  );
}

export const stockPlansModule = fp(async (app: FastifyInstance) => {
  await registerResource(app, myStockPlans);
  await registerResource(app, backofficeStockPlans);
  await app.register(uploadRoutes);

  app.post(
    '/api/v1/backoffice/stock-plans/:id/verify/',
    {
      onRequest: admin,
      schema: {
        tags: ['backoffice'],
        summary: 'Verify a stock plan: its units become pledgeable',
        params: idParams,
        body: stockPlanVerifySchema,
        response: { 200: stockPlanSchema },
      },
    },
    movingMoney(200, async (tx, context, request) => {
      const row = await verifyStockPlan(
        tx,
        context,
        pathId(request),
        request.body as z.infer<typeof stockPlanVerifySchema>,
      );
      return serializeStockPlan(row, '0', context.t, await planPriceOn(tx, row.id));
    }),
  );

  app.post(
    '/api/v1/backoffice/stock-plans/:id/reject/',
    {
      onRequest: admin,
      schema: {
        tags: ['backoffice'],
        summary: 'Reject a stock plan',
        params: idParams,
        body: rejectRequestSchema,
        response: { 200: stockPlanSchema },
      },
    },
    movingMoney(200, async (tx, context, request) => {
      const row = await rejectStockPlan(
        tx,
        context,
        pathId(request),
        (request.body as z.infer<typeof rejectRequestSchema>).reason,
      );
      return serializeStockPlan(row, '0', context.t, null);
    }),
  );

  await app.register(priceRoutes);
});

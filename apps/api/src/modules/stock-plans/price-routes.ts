// The company share's price over time, for operators: the prices recorded for a plan (latest day first, a
// page at a time) and the recording of a day's price (docs/decisions/046). Recording writes nothing when
// refused and queues the margin check of the advances pledging the plan when accepted.
import {
  type StockPlanPriceRecord,
  stockPlanPriceListSchema,
  stockPlanPriceRecordedSchema,
  stockPlanPriceRecordSchema,
} from '@lombard/shared/schemas/stock-plans';
import type { FastifyInstance } from 'fastify';
import { inTransaction } from '../../db/client';
import { requireProfile } from '../../lib/auth-guards';
import { flowContext } from '../../lib/flow-context';
import { paging } from '../../lib/resource/params';
import { idParams, pathId } from '../../lib/route-params';
import { planPricePage, recordPlanPrice } from './prices';

const admin = requireProfile('admin');
const PRICES_PATH = '/api/v1/backoffice/stock-plans/:id/prices/';

export async function priceRoutes(app: FastifyInstance) {
  app.get(
    PRICES_PATH,
    {
      onRequest: admin,
      schema: {
        tags: ['backoffice'],
        summary: "A stock plan's recorded share prices, latest day first (page, per_page)",
        params: idParams,
        response: { 200: stockPlanPriceListSchema },
      },
    },
    async (request) =>
      planPricePage(app.database.db, pathId(request), paging(request.query as Record<string, unknown>)),
  );

  app.post(
    PRICES_PATH,
    {
      onRequest: admin,
      schema: {
        tags: ['backoffice'],
        summary: "Record or correct the share's price of one working day (verified plans)",
        params: idParams,
        body: stockPlanPriceRecordSchema,
        response: { 200: stockPlanPriceRecordedSchema, 201: stockPlanPriceRecordedSchema },
      },
    },
    async (request, reply) => {
      const context = flowContext(request);
      const body = request.body as StockPlanPriceRecord;
      const { price, previous } = await inTransaction(app.database.db, (tx) =>
        recordPlanPrice(tx, context, pathId(request), body),
      );
      const detail = context.t(
        previous === null ? 'advances:stockPlans.priceRecorded' : 'advances:stockPlans.priceCorrected',
      );
      return reply.status(previous === null ? 201 : 200).send({ price, previous, detail });
    },
  );
}

// Early repayment over HTTP: the quote, a GET asked again as the customer types the amount, and the
// request, booked at once and done by the repayment job (repayment.ts), which e-mails the customer.
import {
  type RepaymentRequest,
  repaymentQuoteSchema,
  repaymentRequestSchema,
  repaymentResultSchema,
} from '@lombard/shared/schemas/advances';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireProfile } from '../../lib/auth-guards';
import { flowContext, movingMoney } from '../../lib/flow-context';
import { formatMoney } from '../../lib/format';
import { idParams, pathId } from '../../lib/route-params';
import { customerDetail } from './detail';
import { quoteRepayment, requestRepayment } from './repayment';

const customers = requireProfile('customer', 'admin');
const schema = (summary: string, extra: Record<string, unknown> = {}) => ({ tags: ['advances'], summary, ...extra });

export async function repaymentRoutes(app: FastifyInstance) {
  const db = app.database.db;

  app.get(
    '/api/v1/advances/:id/repayment-quote/',
    {
      onRequest: customers,
      schema: schema('Early repayment: recomputed schedule and APR', {
        params: idParams,
        querystring: repaymentRequestSchema,
        response: { 200: repaymentQuoteSchema },
      }),
    },
    async (request) =>
      quoteRepayment(
        db,
        flowContext(request),
        currentUser(request).id,
        pathId(request),
        (request.query as RepaymentRequest).amount,
      ),
  );

  app.post(
    '/api/v1/advances/:id/repayments/',
    {
      onRequest: customers,
      schema: schema('Repay early (Idempotency-Key)', {
        params: idParams,
        body: repaymentRequestSchema,
        response: { 201: repaymentResultSchema },
      }),
    },
    async (request, reply) => {
      const answer = await movingMoney(201, async (tx, context) => {
        await requestRepayment(
          tx,
          context,
          context.actor.id,
          pathId(request),
          (request.body as RepaymentRequest).amount,
        );
        return {
          // Booked now, done by the repayment job: the customer is told again (e-mail) when it is.
          detail: context.t('advances:repaymentSuccess', {
            amount: formatMoney((request.body as RepaymentRequest).amount, context.language),
          }),
          advance: await customerDetail(request, pathId(request), tx),
        };
      })(request, reply);
      app.jobs.poke();
      return answer;
    },
  );
}

// The right of withdrawal over HTTP (within 14 days of signing, decision 020): what paying the advance
// back would take from cash today, and the withdrawal itself (withdrawal.ts).
import { withdrawalQuoteSchema, withdrawalResultSchema } from '@lombard/shared/schemas/advances';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireProfile } from '../../lib/auth-guards';
import { flowContext, movingMoney } from '../../lib/flow-context';
import { formatMoney } from '../../lib/format';
import { idParams, pathId } from '../../lib/route-params';
import { customerDetail } from './detail';
import { quoteWithdrawal, withdrawAdvance } from './withdrawal';

const customers = requireProfile('customer', 'admin');
const schema = (summary: string, extra: Record<string, unknown> = {}) => ({ tags: ['advances'], summary, ...extra });

export async function withdrawalRoutes(app: FastifyInstance) {
  const db = app.database.db;

  app.get(
    '/api/v1/advances/:id/withdrawal-quote/',
    {
      onRequest: customers,
      schema: schema('Withdrawal: what it takes from cash today', {
        params: idParams,
        response: { 200: withdrawalQuoteSchema },
      }),
    },
    async (request) => quoteWithdrawal(db, flowContext(request), currentUser(request).id, pathId(request)),
  );

  app.post(
    '/api/v1/advances/:id/withdrawal/',
    {
      onRequest: customers,
      schema: schema('Withdraw within 14 days of signing (Idempotency-Key)', {
        params: idParams,
        response: { 200: withdrawalResultSchema },
      }),
    },
    movingMoney(200, async (tx, context, request) => {
      const paid = await withdrawAdvance(tx, context, context.actor.id, pathId(request));
      return {
        detail: context.t('advance-life:withdrawn.detail', { total: formatMoney(paid.total, context.language) }),
        ...paid,
        advance: await customerDetail(request, pathId(request), tx),
      };
    }),
  );
}

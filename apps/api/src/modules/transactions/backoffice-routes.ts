// Back-office money routes (admin only): settle and reject orders, record incoming transfers, pay out or
// refuse withdrawals, verify the ledger. Each action is audited in the transaction that moves the money,
// and carries an Idempotency-Key like every request that moves money.
import {
  incomingTransferRequestSchema,
  incomingTransferResultSchema,
  rejectRequestSchema,
  settleRequestSchema,
  settleResultSchema,
  transactionSchema,
} from '@lombard/shared/schemas/transactions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { requireProfile } from '../../lib/auth-guards';
import { movingMoney } from '../../lib/flow-context';
import { registerResource } from '../../lib/resource/routes';
import { idParams, pathId } from '../../lib/route-params';
import {
  executeWithdrawal,
  type IncomingTransfer,
  recordTransfer,
  rejectOrder,
  rejectWithdrawal,
} from './operator-flows';
import { backofficeOrders, backofficeTransfers, backofficeWithdrawals } from './resources';
import { settleOrders } from './settle';

const admin = requireProfile('admin');
const schema = (summary: string, extra: Record<string, unknown> = {}) => ({ tags: ['backoffice'], summary, ...extra });
const reasonOf = (request: FastifyRequest) => (request.body as z.infer<typeof rejectRequestSchema>).reason;

export async function backofficeRoutes(app: FastifyInstance) {
  await registerResource(app, backofficeOrders);
  await registerResource(app, backofficeTransfers);
  await registerResource(app, backofficeWithdrawals);

  app.post(
    '/api/v1/backoffice/orders/settle/',
    {
      onRequest: admin,
      schema: schema('Settle orders at the NAV of the day', {
        body: settleRequestSchema,
        response: { 200: settleResultSchema },
      }),
    },
    movingMoney(200, (tx, context, request) =>
      settleOrders(tx, context, (request.body as z.infer<typeof settleRequestSchema>).ids),
    ),
  );

  app.post(
    '/api/v1/backoffice/orders/:id/reject/',
    {
      onRequest: admin,
      schema: schema('Reject an order', {
        params: idParams,
        body: rejectRequestSchema,
        response: { 200: transactionSchema },
      }),
    },
    movingMoney(200, (tx, context, request) => rejectOrder(tx, context, pathId(request), reasonOf(request))),
  );

  app.post(
    '/api/v1/backoffice/transfers/',
    {
      onRequest: admin,
      schema: schema('Record an incoming bank transfer', {
        body: incomingTransferRequestSchema,
        response: { 201: incomingTransferResultSchema },
      }),
    },
    movingMoney(201, (tx, context, request) => recordTransfer(tx, context, request.body as IncomingTransfer)),
  );

  app.post(
    '/api/v1/backoffice/withdrawals/:id/execute/',
    {
      onRequest: admin,
      schema: schema('Pay out a withdrawal', { params: idParams, response: { 200: transactionSchema } }),
    },
    movingMoney(200, (tx, context, request) => executeWithdrawal(tx, context, pathId(request))),
  );

  app.post(
    '/api/v1/backoffice/withdrawals/:id/reject/',
    {
      onRequest: admin,
      schema: schema('Reject a withdrawal', {
        params: idParams,
        body: rejectRequestSchema,
        response: { 200: transactionSchema },
      }),
    },
    movingMoney(200, (tx, context, request) => rejectWithdrawal(tx, context, pathId(request), reasonOf(request))),
  );
}

// Customer money routes: quote, sign and place an investment, disinvest, withdraw, cancel; the lists of
// transactions. Every request that moves money carries an Idempotency-Key and runs in one transaction
// with its ledger entries.

import { hasProof, pendingConfirmationSchema } from '@lombard/shared/schemas/authenticator';
import {
  type DisinvestRequest,
  disinvestRequestSchema,
  type InvestRequest,
  investQuoteSchema,
  investRequestSchema,
  orderSignatureSchema,
  transactionSchema,
  type WithdrawalRequest,
  withdrawalRequestSchema,
} from '@lombard/shared/schemas/transactions';
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { currentUser, requireProfile } from '../../lib/auth-guards';
import { flowContext, movingMoney } from '../../lib/flow-context';
import {
  idempotencyKeyOf,
  replayedOr,
  replyIdempotent,
  requestHash,
  scopeOf,
  sendIdempotent,
} from '../../lib/idempotency/idempotency';
import { codeSendLimit } from '../../lib/one-time-code/codes';
import { registerResource } from '../../lib/resource/routes';
import { idParams, pathId } from '../../lib/route-params';
import { confirmSignature, ORDER_SIGNATURE_PURPOSE } from '../signing/service';
import { backofficeRoutes } from './backoffice-routes';
import { CONTRACT_NOTE_JOB, contractNoteHandler } from './contract-note';
import { cancelTransaction, placeDisinvestment } from './customer-flows';
import { orderPayload, placeInvestment, quoteInvestment, requestInvestSignature } from './invest';
import { myTransactions } from './resources';
import { askWithdrawalConfirmation, WITHDRAWAL_PURPOSE } from './withdrawal-confirmation';
import { withdraw } from './withdrawal-group';

const investors = requireProfile('lead', 'customer', 'admin');
const cashUsers = requireProfile('customer', 'admin');
const schema = (summary: string, extra: Record<string, unknown> = {}) => ({
  tags: ['transactions'],
  summary,
  ...extra,
});

export const transactionsModule = fp(async (app: FastifyInstance) => {
  const db = app.database.db;
  app.jobs.register(
    CONTRACT_NOTE_JOB,
    contractNoteHandler(db, app.files, { publicUrl: app.config.publicUrl, supportEmail: app.config.supportEmail }),
  );

  app.post(
    '/api/v1/products/:id/invest/quote/',
    {
      onRequest: investors,
      schema: schema('Quote an investment', {
        params: idParams,
        body: investRequestSchema,
        response: { 200: investQuoteSchema },
      }),
    },
    async (request) =>
      quoteInvestment(
        db,
        flowContext(request),
        currentUser(request).id,
        pathId(request),
        request.body as InvestRequest,
      ),
  );

  app.post(
    '/api/v1/products/:id/invest/signature/',
    {
      onRequest: investors,
      config: codeSendLimit(app.config),
      schema: schema('Order document to sign, code sent by SMS', {
        params: idParams,
        body: investRequestSchema,
        response: { 200: orderSignatureSchema },
      }),
    },
    async (request) =>
      requestInvestSignature(
        db,
        flowContext(request),
        currentUser(request).id,
        pathId(request),
        request.body as InvestRequest,
      ),
  );

  app.post(
    '/api/v1/products/:id/invest/',
    {
      onRequest: investors,
      schema: schema('Place an investment (Idempotency-Key)', {
        params: idParams,
        body: investRequestSchema,
        response: { 201: transactionSchema },
      }),
    },
    async (request, reply) => {
      const context = flowContext(request);
      const userId = currentUser(request).id;
      const body = request.body as InvestRequest;
      // The code is checked (and a wrong one counted) in its own transaction, before the money's.
      if (body.signature) {
        try {
          await confirmSignature(db, {
            userId,
            id: body.signature.document_id,
            purpose: ORDER_SIGNATURE_PURPOSE,
            subject: pathId(request),
            payload: orderPayload(pathId(request), body),
            proof: body.signature,
            now: context.now,
          });
        } catch (error) {
          // The same order sent again after a passkey confirmed it: the stored answer, not "assertion used".
          return replayedOr(request, reply, userId, error);
        }
      }
      return replyIdempotent(request, reply, userId, async (tx) => ({
        status: 201,
        body: await placeInvestment(tx, context, userId, pathId(request), body),
      }));
    },
  );

  app.post(
    '/api/v1/products/:id/disinvest/',
    {
      onRequest: investors,
      schema: schema('Sell units (Idempotency-Key)', {
        params: idParams,
        body: disinvestRequestSchema,
        response: { 201: transactionSchema },
      }),
    },
    movingMoney(201, (tx, context, request) =>
      placeDisinvestment(tx, context, context.actor.id, pathId(request), request.body as DisinvestRequest),
    ),
  );

  app.post(
    '/api/v1/cash/withdrawals/',
    {
      onRequest: cashUsers,
      config: codeSendLimit(app.config),
      schema: schema('Withdraw to the approved bank account: 202 to confirm, then 201 (Idempotency-Key)', {
        body: withdrawalRequestSchema,
        response: { 201: transactionSchema, 202: pendingConfirmationSchema },
      }),
    },
    async (request, reply) => {
      const context = flowContext(request);
      const scope = scopeOf(request);
      const body = request.body as WithdrawalRequest;
      const userId = context.actor.id;
      const { confirmation } = body;
      if (!confirmation) {
        const asked = await askWithdrawalConfirmation(db, context, userId, new Decimal(body.amount));
        return reply.code(202).send(asked);
      }
      // The proof is checked (and a wrong code counted) in its own transaction, before the money's, which
      // uses the confirmation once and only for this amount and IBAN.
      if (hasProof(confirmation)) {
        try {
          await confirmSignature(db, {
            userId,
            id: confirmation.signature_id,
            purpose: WITHDRAWAL_PURPOSE,
            proof: confirmation,
            now: context.now,
          });
        } catch (error) {
          return replayedOr(request, reply, userId, error);
        }
      }
      const answer = await withdraw(db, {
        context,
        userId,
        body: { ...body, confirmation },
        key: idempotencyKeyOf(request),
        scope,
        hash: requestHash(scope, body),
      });
      return sendIdempotent(reply, answer);
    },
  );

  app.post(
    '/api/v1/transactions/:id/cancel/',
    {
      onRequest: investors,
      schema: schema('Cancel a waiting order or withdrawal (Idempotency-Key)', {
        params: idParams,
        response: { 200: transactionSchema },
      }),
    },
    movingMoney(200, (tx, context, request) => cancelTransaction(tx, context, context.actor.id, pathId(request))),
  );

  await registerResource(app, myTransactions);
  await backofficeRoutes(app);
});

// The customer's request for a human review of the creditworthiness assessment (credit-review.ts); the
// operator's outcome is a back-office action (backoffice-routes.ts).
import { advanceDetailSchema } from '@lombard/shared/schemas/advances';
import { type CreditReviewRequest, creditReviewRequestSchema } from '@lombard/shared/schemas/credit-review';
import type { FastifyInstance } from 'fastify';
import { inTransaction } from '../../db/client';
import { requireProfile } from '../../lib/auth-guards';
import { flowContext } from '../../lib/flow-context';
import { idParams, pathId } from '../../lib/route-params';
import { requestCreditReview } from './credit-review';
import { customerDetail } from './detail';

const customers = requireProfile('customer', 'admin');

export async function creditReviewRoutes(app: FastifyInstance) {
  const db = app.database.db;
  app.post(
    '/api/v1/advances/:id/credit-review/',
    {
      onRequest: customers,
      schema: {
        tags: ['advances'],
        summary: 'Ask a person to review the creditworthiness assessment and explain it',
        params: idParams,
        body: creditReviewRequestSchema,
        response: { 201: advanceDetailSchema },
      },
    },
    async (request, reply) => {
      const context = flowContext(request);
      const { message } = creditReviewRequestSchema.parse(request.body as CreditReviewRequest);
      // A second click finds the first request and is told so (409), nothing is written twice.
      await inTransaction(db, (tx) => requestCreditReview(tx, context, context.actor.id, pathId(request), message));
      reply.code(201);
      return customerDetail(request, pathId(request));
    },
  );
}

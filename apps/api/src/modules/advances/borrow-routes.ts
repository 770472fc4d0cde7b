// Deciding whether to borrow over HTTP: borrow versus sell for a cash need, and the APR of a quote or of
// an advance explained. GETs: estimates, nothing moves.
import {
  type AprQuery,
  aprExplanationSchema,
  aprQuerySchema,
  type BorrowOrSellQuery,
  borrowOrSellQuerySchema,
  borrowOrSellSchema,
} from '@lombard/shared/schemas/borrow-or-sell';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireProfile } from '../../lib/auth-guards';
import { flowContext } from '../../lib/flow-context';
import { idParams, pathId } from '../../lib/route-params';
import { borrowOrSell, explainAdvanceApr, explainQuoteApr } from './borrow-or-sell';
import { findAdvance } from './records';

const borrowers = requireProfile('customer', 'admin');
const schema = (summary: string, extra: Record<string, unknown> = {}) => ({ tags: ['advances'], summary, ...extra });

export async function borrowRoutes(app: FastifyInstance) {
  const db = app.database.db;

  app.get(
    '/api/v1/advances/borrow-or-sell/',
    {
      onRequest: borrowers,
      schema: schema(
        'Borrow or sell for a cash need: an advance over the term against a sale after tax (an estimate)',
        {
          querystring: borrowOrSellQuerySchema,
          response: { 200: borrowOrSellSchema },
        },
      ),
    },
    async (request) =>
      borrowOrSell(db, flowContext(request), currentUser(request).id, request.query as BorrowOrSellQuery),
  );

  app.get(
    '/api/v1/advances/apr/',
    {
      onRequest: borrowers,
      schema: schema("A quote's APR explained: its dated flows and the equation they solve", {
        querystring: aprQuerySchema,
        response: { 200: aprExplanationSchema },
      }),
    },
    async (request) => {
      const { amount, instalments } = request.query as AprQuery;
      return explainQuoteApr(db, flowContext(request), amount, instalments);
    },
  );

  app.get(
    '/api/v1/advances/:id/apr/',
    {
      onRequest: borrowers,
      schema: schema("An advance's APR explained: the contract's dated flows and the equation they solve", {
        params: idParams,
        response: { 200: aprExplanationSchema },
      }),
    },
    async (request) => explainAdvanceApr(await findAdvance(db, pathId(request), { userId: currentUser(request).id })),
  );
}

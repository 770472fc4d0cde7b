// Margin risk over HTTP: an advance's distance to a call with its crisis replay and a custom fall, the same
// for an amount before it is requested, and a swap's effect before it is signed. GETs: they move nothing.
import {
  advanceRiskQuerySchema,
  advanceRiskSchema,
  type RiskPreviewQuery,
  riskPreviewQuerySchema,
  swapRiskQuerySchema,
  swapRiskSchema,
} from '@lombard/shared/schemas/advance-risk';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { currentUser, requireProfile } from '../../lib/auth-guards';
import { idParams, pathId } from '../../lib/route-params';
import { findAdvance } from './records';
import { advanceRisk, riskPreview } from './risk';
import type { SwapChoice } from './swap-plan';
import { swapRisk } from './swap-risk';

const borrowers = requireProfile('customer', 'admin');
const schema = (summary: string, extra: Record<string, unknown> = {}) => ({ tags: ['advances'], summary, ...extra });

export async function riskRoutes(app: FastifyInstance) {
  const db = app.database.db;

  app.get(
    '/api/v1/advances/risk-preview/',
    {
      onRequest: borrowers,
      schema: schema(
        'Before borrowing: the fall that would open a margin call at this amount, its crisis replay and a custom fall',
        {
          querystring: riskPreviewQuerySchema,
          response: { 200: advanceRiskSchema },
        },
      ),
    },
    async (request) => riskPreview(db, currentUser(request).id, request.t, request.query as RiskPreviewQuery),
  );

  app.get(
    '/api/v1/advances/:id/risk/',
    {
      onRequest: borrowers,
      schema: schema('Distance to a margin call, crisis replay and a custom fall (historical, not a forecast)', {
        params: idParams,
        querystring: advanceRiskQuerySchema,
        response: { 200: advanceRiskSchema },
      }),
    },
    async (request) => {
      const row = await findAdvance(db, pathId(request), { userId: currentUser(request).id });
      const { fall } = request.query as z.infer<typeof advanceRiskQuerySchema>;
      return advanceRisk(db, row, request.t, fall);
    },
  );

  app.get(
    '/api/v1/advances/:id/swap-risk/',
    {
      onRequest: borrowers,
      schema: schema('Collateral swap: distance to a call and borrowing power before and after', {
        params: idParams,
        querystring: swapRiskQuerySchema,
        response: { 200: swapRiskSchema },
      }),
    },
    async (request) =>
      swapRisk(db, { t: request.t }, currentUser(request).id, pathId(request), request.query as SwapChoice),
  );
}

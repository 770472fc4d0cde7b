// The collateral swap over HTTP (decision 019): what the new collateral would pledge today, shown before
// the code is sent, and the swap itself, signed with a one-time code (swap-plan.ts, swap.ts).
import {
  type SwapRequest,
  swapQuoteQuerySchema,
  swapQuoteSchema,
  swapRequestSchema,
  swapResultSchema,
} from '@lombard/shared/schemas/advances';
import { hasProof } from '@lombard/shared/schemas/authenticator';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireProfile } from '../../lib/auth-guards';
import { AppError } from '../../lib/errors';
import { flowContext, movingMoney } from '../../lib/flow-context';
import { replayedOr } from '../../lib/idempotency/idempotency';
import { codeSendLimit } from '../../lib/one-time-code/codes';
import { idParams, pathId } from '../../lib/route-params';
import { confirmSignature, latestSignatureOf } from '../signing/service';
import { customerDetail } from './detail';
import { SWAP_SIGNATURE_PURPOSE, swapCollateral, swapPayload } from './swap';
import { planSwap, type SwapChoice, swapQuote } from './swap-plan';

const customers = requireProfile('customer', 'admin');
const schema = (summary: string, extra: Record<string, unknown> = {}) => ({ tags: ['advances'], summary, ...extra });

export async function swapRoutes(app: FastifyInstance) {
  const db = app.database.db;

  // A GET: moves nothing, asked again at every tick.
  app.get(
    '/api/v1/advances/:id/swap-quote/',
    {
      onRequest: customers,
      schema: schema('Collateral swap: what the new collateral must secure and the units it pledges', {
        params: idParams,
        querystring: swapQuoteQuerySchema,
        response: { 200: swapQuoteSchema },
      }),
    },
    async (request) =>
      swapQuote(
        await planSwap(db, flowContext(request), currentUser(request).id, pathId(request), request.query as SwapChoice),
      ),
  );

  app.post(
    '/api/v1/advances/:id/swap/',
    {
      onRequest: customers,
      config: codeSendLimit(app.config),
      schema: schema('Swap collateral: without a code sends it, with the code swaps (Idempotency-Key)', {
        params: idParams,
        body: swapRequestSchema,
        response: { 200: swapResultSchema },
      }),
    },
    async (request, reply) => {
      const body = request.body as SwapRequest;
      const userId = currentUser(request).id;
      // The code is checked (and a wrong one counted) in its own transaction, before the units move.
      if (hasProof(body)) {
        const payload = swapPayload(pathId(request), body);
        const id = await latestSignatureOf(db, { userId, purpose: SWAP_SIGNATURE_PURPOSE, payload });
        if (!id) throw new AppError('SIGNATURE_FAILED');
        const now = app.clock();
        try {
          await confirmSignature(db, {
            userId,
            id,
            purpose: SWAP_SIGNATURE_PURPOSE,
            subject: pathId(request),
            payload,
            proof: body,
            now,
          });
        } catch (error) {
          // The same swap sent again after a passkey confirmed it: the stored answer, not "assertion used".
          return replayedOr(request, reply, userId, error);
        }
      }
      return movingMoney(200, async (tx, context) => {
        const outcome = await swapCollateral(tx, context, userId, pathId(request), body);
        const { swapped, ...answer } = outcome;
        return { ...answer, advance: swapped ? await customerDetail(request, pathId(request), tx) : null };
      })(request, reply);
    },
  );
}

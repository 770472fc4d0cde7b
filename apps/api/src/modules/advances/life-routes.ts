// The life of an advance over HTTP: early repayment (quote, then the request), withdrawal within 14 days of
// signing and the swap of collateral; plus the jobs that run it (quarterly interest, booking repayments,
// margin calls after new NAVs). The advance's detail in the answers is the module's own (detail.ts).
import {
  type RepaymentRequest,
  repaymentQuoteSchema,
  repaymentRequestSchema,
  repaymentResultSchema,
  type SwapRequest,
  swapQuoteQuerySchema,
  swapQuoteSchema,
  swapRequestSchema,
  swapResultSchema,
  withdrawalQuoteSchema,
  withdrawalResultSchema,
} from '@lombard/shared/schemas/advances';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client';
import { currentUser, requireProfile } from '../../lib/auth-guards';
import { AppError } from '../../lib/errors';
import { flowContext, movingMoney } from '../../lib/flow-context';
import { formatMoney } from '../../lib/format';
import { codeSendLimit } from '../../lib/one-time-code/codes';
import { idParams, pathId } from '../../lib/route-params';
import { NAVS_RECORDED_JOB } from '../products/service';
import { confirmSignature, latestSignatureOf } from '../signing/service';
import { advanceDetail } from './detail';
import { ADVANCE_INTEREST_JOB, interestJobHandler, scheduleInterestRun } from './interest-job';
import { marginCallsHandler } from './margin-calls';
import { findAdvance } from './records';
import { ADVANCE_REPAYMENT_JOB, quoteRepayment, repaymentJobHandler, requestRepayment } from './repayment';
import { SWAP_SIGNATURE_PURPOSE, swapCollateral, swapPayload } from './swap';
import { planSwap, type SwapChoice, swapQuote } from './swap-plan';
import { quoteWithdrawal, withdrawAdvance } from './withdrawal';

/** How often each instance checks whether the day's interest run is due (it is queued once a day anyway). */
const INTEREST_SCHEDULE_CHECK_MS = 10 * 60_000;

/** The advance as its page shows it to the customer who asks, read in the request's transaction. */
const detail = async (db: Queryable, request: FastifyRequest, id: number) =>
  advanceDetail(db, await findAdvance(db, id, { userId: currentUser(request).id }), {
    actor: 'customer',
    t: request.t,
    language: request.language,
    now: request.server.clock(),
  });

const customers = requireProfile('customer', 'admin');
const schema = (summary: string, extra: Record<string, unknown> = {}) => ({ tags: ['advances'], summary, ...extra });

export async function lifeRoutes(app: FastifyInstance) {
  const db = app.database.db;
  const settings = { publicUrl: app.config.publicUrl, supportEmail: app.config.supportEmail };

  // A quote moves nothing: a GET, asked again as the customer types the amount.
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
          advance: await detail(tx, request, pathId(request)),
        };
      })(request, reply);
      app.jobs.poke();
      return answer;
    },
  );

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
        advance: await detail(tx, request, pathId(request)),
      };
    }),
  );

  // What the swap would pledge today, shown before the code is sent: a GET, asked again at every tick.
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
      if (body.code) {
        const payload = swapPayload(pathId(request), body);
        const id = await latestSignatureOf(db, { userId, purpose: SWAP_SIGNATURE_PURPOSE, payload });
        if (!id) throw new AppError('SIGNATURE_FAILED');
        const now = app.clock();
        await confirmSignature(db, {
          userId,
          id,
          purpose: SWAP_SIGNATURE_PURPOSE,
          subject: pathId(request),
          payload,
          code: body.code,
          now,
        });
      }
      return movingMoney(200, async (tx, context) => {
        const outcome = await swapCollateral(tx, context, userId, pathId(request), body);
        const { swapped, ...answer } = outcome;
        return { ...answer, advance: swapped ? await detail(tx, request, pathId(request)) : null };
      })(request, reply);
    },
  );

  app.jobs.register(ADVANCE_REPAYMENT_JOB, repaymentJobHandler(settings, app.clock));
  app.jobs.register(ADVANCE_INTEREST_JOB, interestJobHandler(settings, app.clock));
  app.jobs.register(NAVS_RECORDED_JOB, marginCallsHandler(settings, app.clock));
  if (!app.config.isTest) {
    let timer: NodeJS.Timeout | null = null;
    const check = () =>
      scheduleInterestRun(db, app.clock())
        .then((queued) => queued && app.jobs.poke())
        .catch((error: unknown) => app.log.warn({ err: error }, 'advance interest scheduling failed'));
    app.addHook('onReady', async () => {
      void check();
      timer = setInterval(check, INTEREST_SCHEDULE_CHECK_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  }
}

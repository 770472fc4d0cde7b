// Staged alerts, the remedy ranked in advance and forbearance over HTTP (docs/decisions/038): the
// customer's ranking and her advance's alert panel, her confirmation and her answer; the operator's offer
// of forbearance and enforcement. Money moves once per Idempotency-Key, in one transaction.
import {
  enforcementResultSchema,
  type ForbearanceAnswerInput,
  forbearanceAnswerSchema,
  marginAlertSchema,
  type RemedyConfirm,
  type RemedyRanking,
  remedyConfirmSchema,
  remedyRankingSchema,
  remedyRankingViewSchema,
} from '@lombard/shared/schemas/margin-alerts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Transaction } from '../../db/client';
import { currentUser, requireProfile } from '../../lib/auth-guards';
import { type FlowContext, movingMoney } from '../../lib/flow-context';
import { idParams, pathId } from '../../lib/route-params';
import { marginAlert } from './margin-alert-view';
import { answerForbearance, confirmRemedy, enforceCall, offerForbearance } from './margin-call-service';
import { findAdvance } from './records';
import { rankingView, saveRanking } from './remedy';

const customers = requireProfile('customer', 'admin');
const admin = requireProfile('admin');
const schema = (tag: string, summary: string, extra: Record<string, unknown> = {}) => ({
  tags: [tag],
  summary,
  ...extra,
});
const detailSchema = z.object({ detail: z.string() });

export async function marginAlertRoutes(app: FastifyInstance) {
  const db = app.database.db;

  app.get(
    '/api/v1/advances/remedy-ranking/',
    {
      onRequest: customers,
      schema: schema('advances', 'The remedy ranked in advance for a margin call', {
        response: { 200: remedyRankingViewSchema },
      }),
    },
    async (request) => rankingView(db, currentUser(request).id, request.t),
  );

  app.put(
    '/api/v1/advances/remedy-ranking/',
    {
      onRequest: customers,
      schema: schema('advances', 'Rank the remedies for a margin call', {
        body: remedyRankingSchema,
        response: { 200: remedyRankingViewSchema },
      }),
    },
    async (request) => {
      const userId = currentUser(request).id;
      await saveRanking(db, userId, request.body as RemedyRanking, request.t, app.clock());
      return rankingView(db, userId, request.t);
    },
  );

  app.get(
    '/api/v1/advances/:id/margin-alert/',
    {
      onRequest: customers,
      schema: schema('advances', 'Alert stage, proposed remedy, grace deadline and forbearance', {
        params: idParams,
        response: { 200: marginAlertSchema },
      }),
    },
    async (request) =>
      marginAlert(
        db,
        await findAdvance(db, pathId(request), { userId: currentUser(request).id }),
        request.t,
        app.clock(),
      ),
  );

  // Her two answers to an open call: same guard and shape, one transaction each, a sentence back.
  const customerStep = <Body>(
    step: string,
    summary: string,
    body: z.ZodType<Body>,
    act: (tx: Transaction, context: FlowContext, advanceId: number, body: Body) => Promise<string>,
  ) =>
    app.post(
      `/api/v1/advances/:id/margin-call/${step}/`,
      {
        onRequest: customers,
        schema: schema('advances', summary, { params: idParams, body, response: { 200: detailSchema } }),
      },
      movingMoney(200, async (tx, context, request) => ({
        detail: await act(tx, context, pathId(request), request.body as Body),
      })),
    );

  customerStep(
    'remedy',
    'Confirm the ranked remedy for the open margin call (Idempotency-Key)',
    remedyConfirmSchema,
    async (tx, context, advanceId, { shortfall }: RemedyConfirm) => {
      await confirmRemedy(tx, context, { userId: context.actor.id, advanceId, shortfall });
      return context.t('advances:remedyConfirmed');
    },
  );
  customerStep(
    'forbearance',
    'Answer the forbearance offer',
    forbearanceAnswerSchema,
    async (tx, context, advanceId, { answer }: ForbearanceAnswerInput) => {
      await answerForbearance(tx, context, { userId: context.actor.id, advanceId, answer });
      return context.t(`advances:forbearanceAnswered.${answer}`);
    },
  );

  // The operator's two steps on a call: same guard, same shape, one transaction each.
  const operatorStep = (
    step: string,
    summary: string,
    response: z.ZodType,
    act: (tx: Transaction, context: FlowContext, callId: number) => Promise<unknown>,
  ) =>
    app.post(
      `/api/v1/backoffice/margin-calls/:id/${step}/`,
      {
        onRequest: admin,
        schema: schema('backoffice', summary, { params: idParams, response: { 200: response } }),
      },
      movingMoney(200, (tx, context, request) => act(tx, context, pathId(request))),
    );

  operatorStep(
    'forbearance',
    'Offer forbearance before any sale (Directive (EU) 2023/2225 Art. 35)',
    detailSchema,
    async (tx, context, callId) => {
      await offerForbearance(tx, context, callId);
      return { detail: context.t('advances:forbearanceOffered') };
    },
  );
  operatorStep(
    'enforce',
    'Enforce: sell pledged units to cure the call, after forbearance and grace',
    enforcementResultSchema,
    enforceCall,
  );
}

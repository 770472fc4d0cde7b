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
import { currentUser, requireProfile } from '../../lib/auth-guards';
import { movingMoney } from '../../lib/flow-context';
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

  app.post(
    '/api/v1/advances/:id/margin-call/remedy/',
    {
      onRequest: customers,
      schema: schema('advances', 'Confirm the ranked remedy for the open margin call (Idempotency-Key)', {
        params: idParams,
        body: remedyConfirmSchema,
        response: { 200: detailSchema },
      }),
    },
    movingMoney(200, async (tx, context, request) => {
      const { shortfall } = request.body as RemedyConfirm;
      await confirmRemedy(tx, context, { userId: context.actor.id, advanceId: pathId(request), shortfall });
      return { detail: context.t('advances:remedyConfirmed') };
    }),
  );

  app.post(
    '/api/v1/advances/:id/margin-call/forbearance/',
    {
      onRequest: customers,
      schema: schema('advances', 'Answer the forbearance offer', {
        params: idParams,
        body: forbearanceAnswerSchema,
        response: { 200: detailSchema },
      }),
    },
    movingMoney(200, async (tx, context, request) => {
      const { answer } = request.body as ForbearanceAnswerInput;
      await answerForbearance(tx, context, { userId: context.actor.id, advanceId: pathId(request), answer });
      return { detail: context.t(`advances:forbearanceAnswered.${answer}`) };
    }),
  );

  app.post(
    '/api/v1/backoffice/margin-calls/:id/forbearance/',
    {
      onRequest: admin,
      schema: schema('backoffice', 'Offer forbearance before any sale (Directive (EU) 2023/2225 Art. 35)', {
        params: idParams,
        response: { 200: detailSchema },
      }),
    },
    movingMoney(200, async (tx, context, request) => {
      await offerForbearance(tx, context, pathId(request));
      return { detail: context.t('advances:forbearanceOffered') };
    }),
  );

  app.post(
    '/api/v1/backoffice/margin-calls/:id/enforce/',
    {
      onRequest: admin,
      schema: schema('backoffice', 'Enforce: sell pledged units to cure the call, after forbearance and grace', {
        params: idParams,
        response: { 200: enforcementResultSchema },
      }),
    },
    movingMoney(200, (tx, context, request) => enforceCall(tx, context, pathId(request))),
  );
}

// Back-office advance routes (admin): the list and detail (with creditworthiness), and the actions of
// each status: pre-approve, approve, record the disbursement, reject with a reason; the SECCI and contract.
import { advanceDetailSchema, advanceRejectSchema } from '@lombard/shared/schemas/advances';
import { type CreditReviewDecision, creditReviewDecisionSchema } from '@lombard/shared/schemas/credit-review';
import { ledgerVerificationSchema } from '@lombard/shared/schemas/wallet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Queryable, Transaction } from '../../db/client';
import { requireProfile } from '../../lib/auth-guards';
import { notFound } from '../../lib/errors';
import { findFile, sendFile } from '../../lib/files/store';
import { type FlowContext, flowContext, movingMoney } from '../../lib/flow-context';
import { registerResource } from '../../lib/resource/routes';
import { idParams, pathId } from '../../lib/route-params';
import { backofficeInstalments, backofficeMarginCalls } from './backoffice-lists';
import { decideCreditReview } from './credit-review';
import { advanceDetail } from './detail';
import { sendAdvanceSecci } from './files';
import { verifyBooks } from './ledger-checks';
import { approve, disburse, preApprove, reject } from './operator-service';
import { type AdvanceRow, findAdvance } from './records';
import { backofficeAdvances } from './resources';

const admin = requireProfile('admin');
const schema = (summary: string, extra: Record<string, unknown> = {}) => ({ tags: ['backoffice'], summary, ...extra });

const operatorDetail = (db: Queryable, row: AdvanceRow, context: Pick<FlowContext, 't' | 'language' | 'now'>) =>
  advanceDetail(db, row, { actor: 'operator', t: context.t, language: context.language, now: context.now });

type Action = (tx: Transaction, context: FlowContext, id: number, request: FastifyRequest) => Promise<AdvanceRow>;

export async function backofficeRoutes(app: FastifyInstance) {
  const db = app.database.db;
  await registerResource(app, backofficeAdvances);
  await registerResource(app, backofficeInstalments);
  await registerResource(app, backofficeMarginCalls);

  // The ledger's verification lives here because it is complete only with the advances' balances.
  app.get(
    '/api/v1/backoffice/ledger/verify/',
    { onRequest: admin, schema: schema('Verify the ledger', { response: { 200: ledgerVerificationSchema } }) },
    async () => verifyBooks(db, app.clock()),
  );

  app.get(
    '/api/v1/backoffice/advances/:id/',
    {
      onRequest: admin,
      schema: schema('An advance request', { params: idParams, response: { 200: advanceDetailSchema } }),
    },
    async (request) =>
      operatorDetail(db, await findAdvance(db, pathId(request)), {
        t: request.t,
        language: request.language,
        now: app.clock(),
      }),
  );

  app.get(
    '/api/v1/backoffice/advances/:id/contract/',
    { onRequest: admin, schema: schema('The issued contract of an advance', { params: idParams }) },
    async (request, reply) => {
      const row = await findAdvance(db, pathId(request));
      const file = row.contractFileId ? await findFile(db, row.contractFileId) : null;
      if (!file) throw notFound();
      return sendFile(reply, app.files, file);
    },
  );

  app.get(
    '/api/v1/backoffice/advances/:id/secci/',
    { onRequest: admin, schema: schema("The SECCI of an advance's terms", { params: idParams }) },
    async (request, reply) => sendAdvanceSecci(reply, db, await findAdvance(db, pathId(request)), flowContext(request)),
  );

  const action = (name: string, summary: string, run: Action, body?: z.ZodType) =>
    app.post(
      `/api/v1/backoffice/advances/:id/${name}/`,
      {
        onRequest: admin,
        schema: schema(summary, {
          params: idParams,
          ...(body ? { body } : {}),
          response: { 200: advanceDetailSchema },
        }),
      },
      movingMoney(200, async (tx, context, request) =>
        operatorDetail(tx, await run(tx, context, pathId(request), request), context),
      ),
    );

  action('pre-approve', 'Pre-approve: issue the contract to sign', (tx, context, id) => preApprove(tx, context, id));
  action('approve', 'Approve a signed advance', (tx, context, id) => approve(tx, context, id));
  action('disburse', 'Record the disbursement: cash credited', (tx, context, id) =>
    disburse(tx, context, id, 'operator'),
  );
  action(
    'reject',
    'Reject with the reason the customer reads',
    (tx, context, id, request) => reject(tx, context, id, (request.body as z.infer<typeof advanceRejectSchema>).reason),
    advanceRejectSchema,
  );
  const notices = { publicUrl: app.config.publicUrl, supportEmail: app.config.supportEmail };
  action(
    'credit-review',
    'Record the outcome of a human review of the creditworthiness assessment',
    async (tx, context, id, request) => {
      await decideCreditReview(tx, context, notices, id, request.body as CreditReviewDecision);
      return findAdvance(tx, id);
    },
    creditReviewDecisionSchema,
  );
}

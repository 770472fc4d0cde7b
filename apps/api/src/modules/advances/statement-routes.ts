// The statement of an advance over HTTP: the customer asks for it at any time, free; it is filed among
// their documents and answered as the documents list shows it, so the page downloads its file from there.
import { documentItemSchema } from '@lombard/shared/schemas/documents';
import type { FastifyInstance } from 'fastify';
import { inTransaction } from '../../db/client';
import { requireProfile } from '../../lib/auth-guards';
import { notFound } from '../../lib/errors';
import { flowContext } from '../../lib/flow-context';
import { idParams, pathId } from '../../lib/route-params';
import { findDocumentItem } from '../documents/service';
import { findAdvance } from './records';
import { issueAdvanceStatement } from './statement';

const customers = requireProfile('customer', 'admin');

export async function statementRoutes(app: FastifyInstance) {
  const db = app.database.db;

  app.post(
    '/api/v1/advances/:id/statement/',
    {
      onRequest: customers,
      schema: {
        tags: ['advances'],
        summary: 'Issue the statement of a paid-out advance as it stands today',
        params: idParams,
        response: { 201: documentItemSchema },
      },
    },
    async (request, reply) => {
      const context = flowContext(request);
      const item = await inTransaction(db, async (tx) => {
        const advance = await findAdvance(tx, pathId(request), { userId: context.actor.id });
        if (!advance.disbursedAt) throw notFound();
        const id = await issueAdvanceStatement(tx, context.files, context, advance, {
          asOf: context.today,
          period: 'request',
        });
        return id === null ? null : findDocumentItem(tx, context.actor.id, id);
      });
      if (!item) throw notFound();
      return reply.status(201).send(item);
    },
  );
}

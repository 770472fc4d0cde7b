// GET /api/v1/signatures/{id}/document/: the customer downloads a document they were asked to sign.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { currentUser, requireAuth } from '../../lib/auth-guards';
import { notFound } from '../../lib/errors';
import { sendFile } from '../../lib/files/store';
import { signatureDocument } from './service';

const params = z.object({ id: z.string().regex(/^[1-9]\d{0,14}$/) });

export const signingModule = fp(async (app: FastifyInstance) => {
  app.get(
    '/api/v1/signatures/:id/document/',
    { onRequest: requireAuth, schema: { tags: ['signing'], summary: 'Download a document to sign', params } },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof params>;
      const file = await signatureDocument(app.database.db, currentUser(request).id, Number(id));
      if (!file) throw notFound();
      return sendFile(reply, app.files, file);
    },
  );
});

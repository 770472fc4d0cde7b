// GET /api/v1/signatures/{id}/document/: the customer downloads a document they were asked to sign; the
// factor their acts are confirmed with (so that a screen names the step: nothing is sent to an app user);
// the confirm call of an act done by a later request.

import {
  SIGNATURE_FACTOR_PATH,
  signatureConfirmSchema,
  signatureFactorSchema,
} from '@lombard/shared/schemas/authenticator';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { currentUser, requireAuth } from '../../lib/auth-guards';
import { notFound } from '../../lib/errors';
import { sendFile } from '../../lib/files/store';
import { confirmActSignature } from './acts';
import { signatureDocument, strongestFactor } from './signatures';

const params = z.object({ id: z.string().regex(/^[1-9]\d{0,14}$/) });

export const signingModule = fp(async (app: FastifyInstance) => {
  app.get(
    SIGNATURE_FACTOR_PATH,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['signing'],
        summary: "The factor the customer's acts are confirmed with (passkey, authenticator app or SMS)",
        response: { 200: signatureFactorSchema },
      },
    },
    async (request) => ({ factor: await strongestFactor(app.database.db, currentUser(request).id) }),
  );

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

  // The confirm call of an act done by a later request (a withdrawal, a change of IBAN, e-mail or phone):
  // the proof alone; the act's request then uses the signature once, for its own terms only.
  app.post(
    '/api/v1/signatures/:id/confirm/',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['signing'],
        summary: 'Confirm an act with the code or passkey',
        params,
        body: signatureConfirmSchema,
      },
    },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof params>;
      await confirmActSignature(app.database.db, {
        userId: currentUser(request).id,
        id: Number(id),
        proof: request.body as z.infer<typeof signatureConfirmSchema>,
        now: app.clock(),
      });
      return reply.code(204).send();
    },
  );
});

// Back-office KYC review (operators): the queue, a person's data and documents, approve or reject a step.

import { KYC_REVIEWS_PATH } from '@lombard/shared/kyc-review-paths';
import { detailSchema } from '@lombard/shared/schemas/common';
import {
  kycDecisionSchema,
  kycRejectSchema,
  kycReviewDetailSchema,
  kycReviewListSchema,
  kycReviewQuerySchema,
} from '@lombard/shared/schemas/kyc-review';
import { profileStepSchema } from '@lombard/shared/schemas/profile-views';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireProfile } from '../../lib/auth-guards';
import { decide, kycDetail, kycQueue } from './service';

const signedIn = [{ bearerAuth: [] }];
const userParams = z.object({ userId: z.coerce.number().int().positive() });
const stepParams = userParams.extend({ step: profileStepSchema });
const tags = ['backoffice', 'kyc-review'];

export const kycReviewModule = fp(async (app: FastifyInstance) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const operatorsOnly = requireProfile('admin');
  const operator = (request: FastifyRequest) => {
    const user = currentUser(request);
    return { id: user.id, email: user.email };
  };

  api.get(
    KYC_REVIEWS_PATH,
    {
      onRequest: operatorsOnly,
      schema: {
        tags,
        summary: 'People with steps waiting for review, oldest first',
        security: signedIn,
        querystring: kycReviewQuerySchema,
        response: { 200: kycReviewListSchema },
      },
    },
    async (request) => kycQueue(db, request.query),
  );

  api.get(
    `${KYC_REVIEWS_PATH}:userId/`,
    {
      onRequest: operatorsOnly,
      schema: {
        tags,
        summary: "A person's profile data and documents",
        security: signedIn,
        params: userParams,
        response: { 200: kycReviewDetailSchema },
      },
    },
    async (request) => kycDetail(db, request.params.userId, request.t),
  );

  for (const decision of ['approve', 'reject'] as const) {
    api.post(
      `${KYC_REVIEWS_PATH}:userId/steps/:step/${decision}/`,
      {
        onRequest: operatorsOnly,
        schema: {
          tags,
          summary:
            decision === 'approve'
              ? 'Approve a submitted step (the last one makes a base user a lead)'
              : 'Reject a submitted step with a reason the person sees',
          security: signedIn,
          params: stepParams,
          ...(decision === 'reject' ? { body: kycRejectSchema } : {}),
          response: { 200: kycDecisionSchema, 404: detailSchema },
        },
      },
      async (request) =>
        decide(
          db,
          app.config,
          {
            operator: operator(request),
            userId: request.params.userId,
            step: request.params.step,
            decision,
            reason: decision === 'reject' ? (request.body as z.output<typeof kycRejectSchema>).reason : undefined,
            now: app.clock(),
            requestId: request.id,
            ip: request.ip,
          },
          request.t,
        ),
    );
  }
});

// The authenticator app in the customer's profile: status, enrolment (secret and QR code), the first code
// (answers the recovery codes, once) and disabling with a current code.
import {
  AUTHENTICATOR_CONFIRM_PATH,
  AUTHENTICATOR_DISABLE_PATH,
  AUTHENTICATOR_PATH,
} from '@lombard/shared/profile-paths';
import {
  authenticatorConfirmSchema,
  authenticatorDisableSchema,
  authenticatorEnrolledSchema,
  authenticatorEnrolmentSchema,
  authenticatorStatusSchema,
} from '@lombard/shared/schemas/authenticator';
import { detailSchema } from '@lombard/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireAuth, signedInSchema } from '../../lib/auth-guards';
import { codeSendLimit } from '../../lib/one-time-code/codes';
import { requestAudit } from '../../lib/resource/audit';
import { authenticatorStatus, confirmEnrolment, disableAuthenticator, startEnrolment } from './service';

const schema = signedInSchema(['profile']);

export const authenticatorModule = fp(async (app: FastifyInstance) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  // Every call that checks a code is limited per address as strictly as sign-in, on top of the factor's own count.
  const limited = codeSendLimit(app.config);

  api.get(
    AUTHENTICATOR_PATH,
    {
      onRequest: requireAuth,
      schema: schema('Whether an authenticator app confirms my operations', {
        response: { 200: authenticatorStatusSchema },
      }),
    },
    async (request) => authenticatorStatus(db, currentUser(request).id),
  );

  api.post(
    AUTHENTICATOR_PATH,
    {
      onRequest: requireAuth,
      config: limited,
      schema: schema('Start enrolling an authenticator app: a new secret and its QR code', {
        response: { 200: authenticatorEnrolmentSchema },
      }),
    },
    async (request) => {
      const user = currentUser(request);
      return startEnrolment(db, { userId: user.id, email: user.email, now: app.clock() });
    },
  );

  api.post(
    AUTHENTICATOR_CONFIRM_PATH,
    {
      onRequest: requireAuth,
      config: limited,
      schema: schema("The app's first code: enrolment done, recovery codes shown once", {
        body: authenticatorConfirmSchema,
        response: { 200: authenticatorEnrolledSchema },
      }),
    },
    async (request) => {
      const codes = await confirmEnrolment(db, {
        userId: currentUser(request).id,
        code: request.body.code,
        now: app.clock(),
        audit: requestAudit(request),
      });
      return { detail: request.t('profile:authenticatorEnrolled'), recovery_codes: codes };
    },
  );

  api.post(
    AUTHENTICATOR_DISABLE_PATH,
    {
      onRequest: requireAuth,
      config: limited,
      schema: schema('Disable the authenticator app with a current code or a recovery code', {
        body: authenticatorDisableSchema,
        response: { 200: detailSchema },
      }),
    },
    async (request) => {
      await disableAuthenticator(db, {
        userId: currentUser(request).id,
        proof: { code: request.body.code, recoveryCode: request.body.recovery_code },
        now: app.clock(),
        audit: requestAudit(request),
      });
      return { detail: request.t('profile:authenticatorDisabled') };
    },
  );
});

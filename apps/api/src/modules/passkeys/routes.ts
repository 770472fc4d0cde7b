// Passkeys in the customer's profile: the list, the step-up that opens the browser's registration, the
// registration itself, and removal. Sign-in with a passkey is in the auth module (it issues the session).
import {
  PASSKEY_OPTIONS_PATH,
  PASSKEY_SIGN_IN_OPTIONS_PATH,
  PASSKEY_SIGN_IN_PATH,
  PASSKEYS_PATH,
} from '@lombard/shared/profile-paths';
import { tokenAnswerSchema } from '@lombard/shared/schemas/auth';
import { detailSchema } from '@lombard/shared/schemas/common';
import {
  passkeyEnrolSchema,
  passkeyListSchema,
  passkeyOptionsAnswerSchema,
  passkeyRemoveSchema,
  passkeySchema,
  passkeySignInSchema,
  passkeyStepUpAnswerSchema,
  passkeyStepUpSchema,
} from '@lombard/shared/schemas/passkeys';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireAuth, signedInSchema } from '../../lib/auth-guards';
import { codeSendLimit } from '../../lib/one-time-code/codes';
import { requestAudit } from '../../lib/resource/audit';
import { useRelyingParty } from './ceremony';
import { enrolPasskey, listPasskeys, removePasskey, stepUp } from './service';
import { signInOptions, signInProof } from './sign-in';

const schema = signedInSchema(['profile']);
const params = z.object({ id: z.string().regex(/^[1-9]\d{0,9}$/) });

export const passkeysModule = fp(async (app: FastifyInstance) => {
  useRelyingParty(app.config.webauthn);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  // Every call that checks a password or a code is limited per address as strictly as sign-in.
  const limited = codeSendLimit(app.config);

  api.get(
    PASSKEYS_PATH,
    {
      onRequest: requireAuth,
      schema: schema('My passkeys', { response: { 200: passkeyListSchema } }),
    },
    async (request) => ({ results: await listPasskeys(db, currentUser(request).id) }),
  );

  api.post(
    PASSKEY_OPTIONS_PATH,
    {
      onRequest: requireAuth,
      config: limited,
      schema: schema('Before adding a passkey: the password and the strongest factor’s code, then the options', {
        body: passkeyStepUpSchema,
        response: { 200: passkeyStepUpAnswerSchema },
      }),
    },
    async (request) => {
      const user = currentUser(request);
      const result = await stepUp(db, {
        userId: user.id,
        email: user.email,
        language: user.language,
        password: request.body.password,
        code: request.body.code,
        recoveryCode: request.body.recovery_code,
        now: app.clock(),
      });
      const detail = result.codeFactor
        ? request.t(result.codeFactor === 'sms' ? 'profile:passkeyCodeSent' : 'profile:passkeyAppCode')
        : request.t('profile:passkeyReady');
      return { detail, code_factor: result.codeFactor, options: result.options };
    },
  );

  api.post(
    PASSKEYS_PATH,
    {
      onRequest: requireAuth,
      config: limited,
      schema: schema('Add a passkey: the browser’s registration over the challenge of the step-up', {
        body: passkeyEnrolSchema,
        response: { 201: passkeySchema.extend({ detail: z.string() }) },
      }),
    },
    async (request, reply) => {
      const passkey = await enrolPasskey(db, {
        userId: currentUser(request).id,
        name: request.body.name,
        response: request.body.response,
        now: app.clock(),
        audit: requestAudit(request),
      });
      reply.code(201);
      return { ...passkey, detail: request.t('profile:passkeyAdded', { name: passkey.name }) };
    },
  );

  api.post(
    `${PASSKEYS_PATH}:id/remove/`,
    {
      onRequest: requireAuth,
      config: limited,
      schema: schema('Remove a passkey, with the password', {
        params,
        body: passkeyRemoveSchema,
        response: { 200: detailSchema },
      }),
    },
    async (request) => {
      await removePasskey(db, {
        userId: currentUser(request).id,
        id: Number(request.params.id),
        password: request.body.password,
        audit: requestAudit(request),
      });
      return { detail: request.t('profile:passkeyRemoved') };
    },
  );

  // Sign-in without a password (anyone may start one): the ceremony's options, then the assertion, which
  // the auth module turns into the same session as a password sign-in, through the same throttle.
  api.post(
    PASSKEY_SIGN_IN_OPTIONS_PATH,
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a passkey: the options of the browser’s ceremony (a challenge valid once, briefly)',
        response: { 200: passkeyOptionsAnswerSchema },
      },
    },
    async () => ({ options: await signInOptions(db, app.clock()) }),
  );

  api.post(
    PASSKEY_SIGN_IN_PATH,
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a passkey: its assertion → the same tokens as a password sign-in',
        body: passkeySignInSchema,
        response: { 200: tokenAnswerSchema },
      },
    },
    async (request, reply) => {
      const { userId, verify } = await signInProof(db, request.body.response, app.clock());
      return app.signInWithProof(request, reply, { userId, rememberMe: request.body.rememberMe, verify });
    },
  );
});

// Account calls: registration, activation, current user, language, e-mail and password.
import {
  activationResendSchema,
  activationResultSchema,
  changeLanguageSchema,
  emailChangeSchema,
  meSchema,
  oneTimeLinkParamsSchema,
  passwordChangeSchema,
  passwordResetConfirmSchema,
  passwordResetSchema,
  registrationSchema,
} from '@lombard/shared/schemas/auth';
import { pendingConfirmationSchema } from '@lombard/shared/schemas/authenticator';
import { detailSchema } from '@lombard/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ActConfirmations } from '../../lib/act-confirmations';
import { currentUser, requireAuth } from '../../lib/auth-guards';
import { multipartBody, readMultipartForm, registerUploads } from '../../lib/files/uploads';
import { flowContext } from '../../lib/flow-context';
import { keptJson, sendJson } from '../../lib/read-cache';
import { AVATAR_FIELD, avatarFrom, setAvatar } from './avatar';
import { createCredentialsService } from './credentials';
import { preloadPasswordPolicy } from './password-policy';
import { createAccountService } from './service';

const signedIn = [{ bearerAuth: [] }];

export interface AccountModuleOptions {
  /** The confirmation of a change of e-mail with the strongest factor (the signing module's, passed in). */
  actConfirmations: ActConfirmations;
}

export const accountModule = fp<AccountModuleOptions>(async (app: FastifyInstance, options: AccountModuleOptions) => {
  const accounts = createAccountService(app.database.db, app.config);
  const credentials = createCredentialsService(
    app.database.db,
    app.config,
    app.signInThrottles,
    options.actConfirmations,
  );
  // Per-IP limit on the calls that send e-mail or try secrets; stricter than the global API limit.
  const limited = { rateLimit: { max: app.config.authRateLimitMax, timeWindow: '1 minute' } };
  const api = app.withTypeProvider<ZodTypeProvider>();
  preloadPasswordPolicy();

  api.post(
    '/api/account/registration/',
    {
      config: limited,
      schema: {
        tags: ['account'],
        summary: 'Register: e-mails an activation link (same answer for a known address)',
        body: registrationSchema,
        response: { 200: detailSchema },
      },
    },
    async (request) => {
      await accounts.register(request.body);
      return { detail: request.t('account:confirmationSent') };
    },
  );

  api.get(
    '/api/account/activate-user/:uid/:token/',
    {
      config: limited,
      schema: {
        tags: ['account'],
        summary: 'Open an activation or e-mail-change link (single use)',
        params: oneTimeLinkParamsSchema,
        response: { 200: activationResultSchema },
      },
    },
    async (request) => {
      const outcome = await accounts.activate(request.params.uid, request.params.token);
      const alreadyActive = outcome === 'already_active';
      return {
        detail: request.t(alreadyActive ? 'account:alreadyActive' : 'account:emailVerified'),
        already_active: alreadyActive,
      };
    },
  );

  api.post(
    '/api/account/activation/resend/',
    {
      config: limited,
      schema: {
        tags: ['account'],
        summary: 'E-mail a new activation link to an account that never activated (same answer for any address)',
        body: activationResendSchema,
        response: { 200: detailSchema },
      },
    },
    async (request) => {
      await accounts.resendActivationTo(request.body.email);
      return { detail: request.t('account:activationResent') };
    },
  );

  api.get(
    '/api/account/me/',
    {
      onRequest: requireAuth,
      schema: { tags: ['account'], summary: 'The signed-in user', security: signedIn, response: { 200: meSchema } },
    },
    async (request, reply) => {
      const { id } = currentUser(request);
      return sendJson(request, reply, await keptJson(app.readCache, id, 'me', meSchema, () => accounts.me(id)));
    },
  );

  // The picture: a multipart upload (the parser in this scope only), or its removal.
  await app.register(async (scope) => {
    await registerUploads(scope, { maxFiles: 1 });
    scope.put(
      '/api/account/avatar/',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['account'],
          summary: 'Set the picture: a PNG or JPEG, cut square and resized to 256 px on the server',
          security: signedIn,
          consumes: ['multipart/form-data'],
          multipartBody: multipartBody(z.object({}), { [AVATAR_FIELD]: { required: true } }),
          response: { 200: meSchema },
        },
      },
      async (request) => {
        const { id } = currentUser(request);
        const form = await readMultipartForm(request, [AVATAR_FIELD]);
        await setAvatar(scope.database.db, id, await avatarFrom(form.files[AVATAR_FIELD]));
        return accounts.me(id);
      },
    );
  });
  api.delete(
    '/api/account/avatar/',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['account'],
        summary: 'Remove the picture: the initials show again',
        security: signedIn,
        response: { 200: meSchema },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      await setAvatar(app.database.db, id, null);
      return accounts.me(id);
    },
  );

  api.patch(
    '/api/account/user/change-language/',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['account'],
        summary: 'Change the language of the interface and of e-mails',
        security: signedIn,
        body: changeLanguageSchema,
        response: { 200: changeLanguageSchema },
      },
    },
    async (request) => ({ language: await accounts.changeLanguage(currentUser(request).id, request.body.language) }),
  );

  api.patch(
    '/api/account/email/change/',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['account'],
        summary:
          'Change e-mail: confirmed first with the strongest factor (202), then a link to the new address; every session ends',
        security: signedIn,
        body: emailChangeSchema,
        response: { 200: detailSchema, 202: pendingConfirmationSchema },
      },
    },
    async (request, reply) => {
      const done = await credentials.requestEmailChange(currentUser(request), request.body, flowContext(request));
      if ('pending' in done) return reply.code(202).send(done.pending);
      return { detail: request.t('account:confirmationSent') };
    },
  );

  api.post(
    '/api/rest-auth/password/change/',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['account'],
        summary: 'Change the password (other sessions end)',
        security: signedIn,
        body: passwordChangeSchema,
        response: { 200: detailSchema },
      },
    },
    async (request) => {
      await credentials.changePassword(currentUser(request), request.body);
      return { detail: request.t('account:passwordSaved') };
    },
  );

  api.post(
    '/api/rest-auth/password/reset/',
    {
      config: limited,
      schema: {
        tags: ['account'],
        summary: 'E-mail a password reset link (same answer for unknown addresses)',
        body: passwordResetSchema,
        response: { 200: detailSchema },
      },
    },
    async (request) => {
      await credentials.requestPasswordReset(request.body.email);
      return { detail: request.t('account:resetSent') };
    },
  );

  api.post(
    '/api/rest-auth/password/reset/confirm/',
    {
      config: limited,
      schema: {
        tags: ['account'],
        summary: 'Set a new password from a reset link; unlocks the account and ends every session',
        body: passwordResetConfirmSchema,
        response: { 200: detailSchema },
      },
    },
    async (request) => {
      await credentials.confirmPasswordReset(request.body);
      return { detail: request.t('account:passwordReset') };
    },
  );
});

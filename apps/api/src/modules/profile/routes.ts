// The signed-in person's profile (every profile may open it): the whole profile, one PUT per reviewed tab,
// the phone verification, referral, settings and the country and province lists.

import { countryNames } from '@lombard/shared/data/countries';
import { ITALIAN_PROVINCES } from '@lombard/shared/data/italian-provinces';
import {
  COUNTRIES_PATH,
  EMPLOYERS_PATH,
  PHONE_NUMBER_PATH,
  PHONE_VERIFY_PATH,
  PROFILE_PATH,
  PROFILE_SETTINGS_PATH,
  PROVINCES_PATH,
  REFERRAL_PATH,
} from '@lombard/shared/profile-paths';
import { pendingConfirmationSchema } from '@lombard/shared/schemas/authenticator';
import type { MifidResult } from '@lombard/shared/schemas/mifid';
import {
  addressesSchema,
  bankAccountChangeSchema,
  citizenshipSchema,
  identitySchema,
  occupationSchema,
  phoneCodeSentSchema,
  phoneNumberSchema,
  phoneVerifySchema,
} from '@lombard/shared/schemas/profile';
import {
  addressesStateSchema,
  bankAccountStateSchema,
  citizenshipStateSchema,
  employerOptionsSchema,
  identityStateSchema,
  namedCodeListSchema,
  occupationStateSchema,
  phoneStateSchema,
  profileSettingsSchema,
  profileTabSavedSchema,
  profileViewSchema,
  REFERRAL_QUERY_PARAM,
  referralSchema,
} from '@lombard/shared/schemas/profile-views';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { ActConfirmations } from '../../lib/act-confirmations';
import { currentUser, requireAuth } from '../../lib/auth-guards';
import { AppError } from '../../lib/errors';
import { flowContext } from '../../lib/flow-context';
import type { Translate } from '../../lib/i18n';
import { codeSendLimit } from '../../lib/one-time-code/codes';
import { createAccountService, getAccount, referralJoinedCount } from '../account/service';
import { activePartners } from '../partners/service';
import { changeBankAccount } from './bank-account-change';
import { changePhone, verifyPhone } from './phone';
import { profileView } from './service';
import { readSettings, writeSettings } from './settings';
import { saveAddresses, saveCitizenship, saveIdentity, saveOccupation } from './tabs';

const signedIn = [{ bearerAuth: [] }];

export interface ProfileModuleOptions {
  /**
   * The customer's latest MiFID result, for the profile view. Passed in by the app: the questionnaire's
   * module completes the profile's step, so the profile must not import it back.
   */
  latestMifidResult: (db: Database, userId: number, t: Translate) => Promise<MifidResult | null>;
  /** The confirmation of a change of IBAN or phone with the strongest factor (the signing module's, passed in). */
  actConfirmations: ActConfirmations;
}

export const profileModule = fp<ProfileModuleOptions>(async (app: FastifyInstance, options: ProfileModuleOptions) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const accounts = createAccountService(db, app.config);
  const view = async (request: FastifyRequest) => {
    const userId = currentUser(request).id;
    return profileView(db, userId, await options.latestMifidResult(db, userId, request.t));
  };

  api.get(
    PROFILE_PATH,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['profile'],
        summary: 'The whole profile: every tab (null where empty) and the progress',
        security: signedIn,
        response: { 200: profileViewSchema },
      },
    },
    view,
  );

  /** One PUT per reviewed tab: check, save, submit the step, answer with the saved tab and the progress. */
  function tab<B extends z.ZodType, R extends z.ZodType>(
    path: string,
    summary: string,
    body: B,
    response: R,
    save: (userId: number, data: z.output<B>, now: Date) => Promise<void>,
    pick: (profile: Awaited<ReturnType<typeof view>>) => z.output<R> | null,
  ) {
    // Registered without the zod type provider's inference (it cannot follow these generics); the
    // schemas still validate the body and the answer.
    app.put(
      path,
      {
        onRequest: requireAuth,
        schema: {
          tags: ['profile'],
          summary,
          security: signedIn,
          body,
          response: { 200: profileTabSavedSchema(response) },
        },
      },
      async (request) => {
        await save(currentUser(request).id, request.body as z.output<B>, app.clock());
        const profile = await view(request);
        return { detail: request.t('profile:dataSaved'), data: pick(profile), progress: profile.progress };
      },
    );
  }

  tab(
    `${PROFILE_PATH}citizenship/`,
    'Citizenships, tax residence and the US-person test (a US person is refused)',
    citizenshipSchema,
    citizenshipStateSchema,
    (userId, data, now) => saveCitizenship(db, userId, data, now),
    (p) => p.citizenship,
  );
  tab(
    `${PROFILE_PATH}identity/`,
    'Identity and tax code (checked against name, sex and birth date)',
    identitySchema,
    identityStateSchema,
    (userId, data, now) => saveIdentity(db, userId, data, now),
    (p) => p.identity,
  );
  tab(
    `${PROFILE_PATH}addresses/`,
    'Residence and, when different, domicile',
    addressesSchema,
    addressesStateSchema,
    (userId, data, now) => saveAddresses(db, userId, data, now),
    (p) => p.addresses,
  );
  tab(
    `${PROFILE_PATH}occupation/`,
    'Occupation, employer, income band and source of funds',
    occupationSchema,
    occupationStateSchema,
    (userId, data, now) => saveOccupation(db, userId, data, now),
    (p) => p.occupation,
  );
  // The IBAN withdrawals are paid to: a change of an approved one is confirmed first (202, then 200).
  app.put(
    `${PROFILE_PATH}bank-account/`,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['profile'],
        summary: "Bank account: IBAN and holder (the account's own name); a change is confirmed first",
        security: signedIn,
        body: bankAccountChangeSchema,
        response: { 200: profileTabSavedSchema(bankAccountStateSchema), 202: pendingConfirmationSchema },
      },
    },
    async (request, reply) => {
      const body = request.body as z.output<typeof bankAccountChangeSchema>;
      const done = await changeBankAccount(
        options.actConfirmations,
        db,
        flowContext(request),
        currentUser(request).id,
        body,
      );
      if ('pending' in done) return reply.code(202).send(done.pending);
      const profile = await view(request);
      return { detail: request.t('profile:dataSaved'), data: profile.bank_account, progress: profile.progress };
    },
  );

  // A change of a verified number is confirmed first (202), then the new number gets its code (200).
  api.post(
    PHONE_NUMBER_PATH,
    {
      onRequest: requireAuth,
      config: codeSendLimit(app.config),
      schema: {
        tags: ['profile'],
        summary: 'Send the phone number a one-time code by SMS; replacing a verified one is confirmed first',
        security: signedIn,
        body: phoneNumberSchema,
        response: { 200: phoneCodeSentSchema, 202: pendingConfirmationSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const sent = await changePhone(options.actConfirmations, db, flowContext(request), {
        userId: user.id,
        phone: request.body.phone,
        confirmation: request.body.confirmation,
        language: user.language,
      });
      if ('pending' in sent) return reply.code(202).send(sent.pending);
      return { detail: request.t('profile:phoneCodeSent'), expires_at: sent.expiresAt.toISOString() };
    },
  );

  api.post(
    PHONE_VERIFY_PATH,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['profile'],
        summary: 'Check the one-time code: the phone is verified and the step approved',
        security: signedIn,
        body: phoneVerifySchema,
        response: { 200: profileTabSavedSchema(phoneStateSchema.nullable()) },
      },
    },
    async (request) => {
      await verifyPhone(db, { userId: currentUser(request).id, code: request.body.code, now: app.clock() });
      const profile = await view(request);
      return { detail: request.t('profile:phoneVerified'), data: profile.phone, progress: profile.progress };
    },
  );

  api.get(
    REFERRAL_PATH,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['profile'],
        summary: 'My referral code, its registration link and how many joined with it',
        security: signedIn,
        response: { 200: referralSchema },
      },
    },
    async (request) => {
      const account = await getAccount(db, currentUser(request).id);
      if (!account) throw new AppError('NOT_FOUND');
      const link = new URL('/auth/register-account/', app.config.publicUrl);
      link.searchParams.set(REFERRAL_QUERY_PARAM, account.referralCode);
      return {
        code: account.referralCode,
        link: link.toString(),
        joined_count: await referralJoinedCount(db, account.referralCode),
      };
    },
  );

  const settingsRoute = { tags: ['profile'], security: signedIn, response: { 200: profileSettingsSchema } };
  api.get(
    PROFILE_SETTINGS_PATH,
    { onRequest: requireAuth, schema: { ...settingsRoute, summary: 'Language, theme and notification preferences' } },
    async (request) => {
      const user = currentUser(request);
      return readSettings(db, user.id, user.language);
    },
  );
  api.put(
    PROFILE_SETTINGS_PATH,
    {
      onRequest: requireAuth,
      schema: {
        ...settingsRoute,
        summary: 'Save the preferences (the language is also the account language)',
        body: profileSettingsSchema,
      },
    },
    async (request) => {
      const user = currentUser(request);
      await writeSettings(db, user.id, request.body, app.clock());
      const language = await accounts.changeLanguage(user.id, request.body.language);
      return readSettings(db, user.id, language);
    },
  );

  const referenceRoute = { tags: ['profile'], security: signedIn, response: { 200: namedCodeListSchema } };
  api.get(
    COUNTRIES_PATH,
    {
      onRequest: requireAuth,
      schema: { ...referenceRoute, summary: 'Countries (ISO 3166-1) with names in the request language' },
    },
    async (request) => countryNames(request.language),
  );
  api.get(
    PROVINCES_PATH,
    { onRequest: requireAuth, schema: { ...referenceRoute, summary: 'Italian provinces with their two-letter code' } },
    async () => ITALIAN_PROVINCES.map((p) => ({ code: p.code, name: p.name })),
  );
  api.get(
    EMPLOYERS_PATH,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['profile'],
        security: signedIn,
        summary: 'Partner companies an employee can name as employer',
        response: { 200: employerOptionsSchema },
      },
    },
    async () => activePartners(db),
  );
});

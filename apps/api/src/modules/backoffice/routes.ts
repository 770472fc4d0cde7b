// Back-office users (/api/v1/backoffice/users/): search, filter by profile and status, detail, profile
// changes, block/unblock sign-in (enable/disable), unlock after lockout, resend the activation link.
// The users table belongs to the account module: columns come from its operator view, changes go
// through the account and auth services. Every write is audited by the resource kit.
import { PROFILES, type Profile } from '@lombard/shared/permissions';
import { backofficeUserSchema, type UserProfilesUpdate, userProfilesSchema } from '@lombard/shared/schemas/backoffice';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Transaction } from '../../db/client';
import { AppError, fieldError } from '../../lib/errors';
import { registerResource, statusName } from '../../lib/resource/routes';
import { defineResource } from '../../lib/resource/types';
import { createAccountService, operatorUserView, setProfiles } from '../account/service';
import { type SignInThrottles, setUserStatus, unlockUser } from '../auth/service';
import { hasAuthenticatorSql, resetAuthenticator } from '../authenticator/service';

const u = operatorUserView.columns;
const fullName = sql<string>`trim(${u.firstName} || ' ' || ${u.lastName})`;

const USER_STATUS_LABELS = { 0: 'backoffice:userStatus.blocked', 1: 'backoffice:userStatus.active' } as const;

export function backofficeUsers(accounts: ReturnType<typeof createAccountService>, throttles: SignInThrottles) {
  return defineResource({
    name: 'backoffice.users',
    path: '/api/v1/backoffice/users/',
    docs: { tag: 'backoffice', summary: 'Users' },
    profiles: ['admin'],
    from: operatorUserView.table,
    // Whether the user has an authenticator app: the drawer offers its reset only then.
    select: { ...u, fullName, hasAuthenticator: hasAuthenticatorSql(u.id) },
    id: u.id,
    scope: () => undefined,
    fields: {
      id: { expr: u.id, type: 'id', sortable: true, filterable: true },
      email: { expr: u.email, type: 'text', sortable: true, filterable: true },
      first_name: { expr: u.firstName, type: 'text', sortable: true, filterable: true },
      last_name: { expr: u.lastName, type: 'text', sortable: true, filterable: true },
      full_name: { expr: fullName, type: 'text', sortable: true, filterable: true },
      profile: { expr: u.attributes, type: 'tags', values: PROFILES, filterable: true },
      status: { expr: u.status, type: 'enum', values: [0, 1], sortable: true, filterable: true },
      language: { expr: u.language, type: 'enum', values: ['it', 'en'], sortable: true, filterable: true },
      is_active: { expr: sql`(${u.activatedAt} is not null)`, type: 'boolean', sortable: true, filterable: true },
      is_locked: { expr: sql`(${u.lockedAt} is not null)`, type: 'boolean', sortable: true, filterable: true },
      created_at: { expr: u.createdAt, type: 'datetime', sortable: true, filterable: true },
      last_login_at: { expr: u.lastLoginAt, type: 'datetime', sortable: true, filterable: true },
    },
    search: [u.email, fullName, u.referralCode],
    defaultOrder: ['-created_at'],
    item: backofficeUserSchema,
    serialize: (row, context) => ({
      id: row.id,
      email: row.email,
      first_name: row.firstName,
      last_name: row.lastName,
      full_name: row.fullName,
      profiles: row.attributes,
      profile: row.attributes[0] ?? null,
      language: row.language,
      status: row.status === 1 ? (1 as const) : (0 as const),
      status_name: statusName(USER_STATUS_LABELS, row.status, context.t),
      is_active: row.activatedAt !== null,
      is_locked: row.lockedAt !== null,
      failed_login_count: row.failedLoginCount,
      is_superuser: row.isSuperuser,
      has_authenticator: row.hasAuthenticator,
      referral_code: row.referralCode,
      last_login_at: row.lastLoginAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
    }),
    update: {
      body: userProfilesSchema,
      async run(tx, id, body, context) {
        const { attributes } = body as Partial<UserProfilesUpdate>;
        // A PATCH may leave the profiles out: nothing to change.
        if (attributes === undefined) return;
        // An operator cannot take the back-office away from themselves by mistake.
        if (id === context.user.id && !attributes.includes('admin')) {
          throw fieldError({ attributes: 'backoffice:cannotDemoteSelf' });
        }
        await setProfiles(tx, Number(id), attributes as Profile[]);
      },
    },
    status: {
      field: 'status',
      labels: USER_STATUS_LABELS,
      async run(tx, id, status, context) {
        if (status === 0 && id === context.user.id)
          throw new AppError('BAD_REQUEST', { messageKey: 'backoffice:cannotBlockSelf' });
        // Blocking also ends every session of the user (auth service).
        await setUserStatus(tx as unknown as Database, Number(id), status);
      },
    },
    actions: [
      {
        name: 'unlock',
        method: 'PATCH',
        async run(tx, id) {
          await unlockUser(tx, Number(id), throttles);
        },
      },
      {
        // A customer who lost the phone with the authenticator (and the recovery codes): they confirm by
        // SMS again, and are told; the resource kit audits who did it.
        name: 'reset-authenticator',
        method: 'POST',
        async run(tx, id, _body, context) {
          await resetAuthenticator(tx as Transaction, Number(id));
          return { detail: context.t('backoffice:authenticatorReset') };
        },
      },
      {
        name: 'resend-activation',
        method: 'POST',
        async run(tx, id, _body, context) {
          if (!(await accounts.resendActivation(tx, Number(id)))) {
            throw new AppError('BAD_REQUEST', { messageKey: 'backoffice:alreadyActive' });
          }
          return { detail: context.t('backoffice:activationSent') };
        },
      },
    ],
    export: {
      title: 'backoffice:users.export.title',
      columns: [
        { header: 'backoffice:users.export.id', type: 'integer', value: 'id' },
        { header: 'backoffice:users.export.email', type: 'text', value: 'email', width: 34 },
        { header: 'backoffice:users.export.firstName', type: 'text', value: 'firstName', width: 18 },
        { header: 'backoffice:users.export.lastName', type: 'text', value: 'lastName', width: 18 },
        {
          header: 'backoffice:users.export.profiles',
          type: 'text',
          value: (row, c) => row.attributes.map((p) => c.t(`backoffice:profiles.${p}`)).join(', '),
          width: 22,
        },
        {
          header: 'backoffice:users.export.status',
          type: 'text',
          value: (row, c) => statusName(USER_STATUS_LABELS, row.status, c.t),
          width: 14,
        },
        { header: 'backoffice:users.export.active', type: 'boolean', value: (row) => row.activatedAt !== null },
        { header: 'backoffice:users.export.locked', type: 'boolean', value: (row) => row.lockedAt !== null },
        { header: 'backoffice:users.export.language', type: 'text', value: 'language' },
        { header: 'backoffice:users.export.lastLogin', type: 'datetime', value: 'lastLoginAt' },
        { header: 'backoffice:users.export.createdAt', type: 'datetime', value: 'createdAt' },
      ],
    },
  });
}

export const backofficeModule = fp(async (app: FastifyInstance) => {
  await registerResource(app, backofficeUsers(createAccountService(app.database.db, app.config), app.signInThrottles));
});

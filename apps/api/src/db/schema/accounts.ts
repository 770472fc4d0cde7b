import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** Short language code: 'it' or 'en'. */
    language: text('language').notNull().default('it'),
    /** Profiles held: base, lead, customer, admin. */
    attributes: text('attributes').array().notNull().default(sql`ARRAY['base']::text[]`),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    /** Set when the e-mail address has been verified through the activation link. */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** 1 may sign in, 0 blocked by an operator (the enable/disable actions). */
    status: integer('status').notNull().default(1),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    referralCode: text('referral_code').notNull(),
    referredBy: text('referred_by'),
    partnerSlug: text('partner_slug'),
    avatarBase64: text('avatar_base64'),
    /** Bumped on password change/reset and e-mail change: one-time links minted before stop working. */
    securityStamp: uuid('security_stamp').notNull().defaultRandom(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * Set once, when an operator completes the account's closure (modules/privacy): unlike `status`, which
     * an operator may set back, a closed account never takes money again (transfers, orders, plans).
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_referral_code_unique').on(t.referralCode),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

/**
 * One sign-in and every session rotated from it. Revoking the family (logout, reuse of a rotated refresh
 * token, password reset, e-mail change, blocked user) ends all of them and the access tokens they carry.
 */
export const sessionFamilies = pgTable(
  'session_families',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rememberMe: boolean('remember_me').notNull(),
    /** Absolute end of the sign-in: rotation does not extend it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('session_families_user_idx').on(t.userId)],
);

/** Refresh tokens, stored as sha256 hashes. `usedAt` is set when rotated: a second use is a reuse. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => sessionFamilies.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_unique').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
);

/** Single-use links sent by e-mail (activation, e-mail change, password reset), stored as sha256 hashes. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['activation', 'email_change', 'password_reset'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address being confirmed (e-mail change only). */
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_unique').on(t.tokenHash),
    index('one_time_tokens_user_purpose_idx').on(t.userId, t.purpose),
  ],
);

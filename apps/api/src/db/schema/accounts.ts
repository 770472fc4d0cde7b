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
    /** Profiles held (spec §6): base, lead, customer, admin. */
    attributes: text('attributes').array().notNull().default(sql`ARRAY['base']::text[]`),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    /** Set when the e-mail address has been verified through the activation link. */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** 1 may sign in, 0 blocked by an operator (spec §4 enable/disable). */
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_referral_code_unique').on(t.referralCode),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

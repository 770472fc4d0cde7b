import { pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Newsletter sign-ups with double opt-in: a row starts `pending` with the hash of a one-time token
 * e-mailed to the address; opening the link makes it `confirmed`. Only confirmed rows receive mail.
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased address. */
    email: text('email').notNull(),
    language: text('language').notNull(),
    status: text('status', { enum: ['pending', 'confirmed'] })
      .notNull()
      .default('pending'),
    /** SHA-256 of the confirmation token; the token itself is only in the e-mail. */
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('newsletter_subscriptions_email_unique').on(t.email),
    uniqueIndex('newsletter_subscriptions_token_unique').on(t.tokenHash),
  ],
);

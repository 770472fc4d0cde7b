import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { signatures } from './signatures';

/**
 * A customer's passkey (a WebAuthn credential): the public key that checks its assertions, the signature
 * counter the authenticator reports (a counter that goes back means a cloned key), how it can be reached.
 * No secret is kept: the private key never leaves the customer's device.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the browser names it in every assertion. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_idx').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/**
 * A WebAuthn challenge the server handed out and will accept once: for a sign-in (no user yet), an
 * enrolment, or an act's signature (derived from the act, see signing/service.ts). `usedAt` is set under
 * the lock of the row that spends it, so an assertion confirms one thing once.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    /** base64url, as it comes back inside clientDataJSON. */
    challenge: text('challenge').primaryKey(),
    /** `sign-in`, `register` or `signature`. */
    purpose: text('purpose').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    signatureId: bigint('signature_id', { mode: 'number' }).references(() => signatures.id, { onDelete: 'cascade' }),
    /**
     * For a signature: the random nonce hashed with the act (signature id, terms hash, document hash) into
     * the challenge, kept so that anyone holding the signed assertion can recompute what it signed.
     */
    nonce: text('nonce'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('passkey_challenges_signature_idx').on(t.signatureId)],
);

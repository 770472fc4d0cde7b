// Changing what a person signs in with: the e-mail address (confirmed from the new address) and the
// password (change while signed in, or reset through an e-mailed link).

import { eq, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import { type Database, inTransaction } from '../../db/client';
import { users } from '../../db/schema/accounts';
import type { AuthUser } from '../../lib/auth-guards';
import { AppError, fieldError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { revokeSessions, toLanguage, unlockUser } from '../auth/service';
import { sendAccountEmail } from './emails';
import { consumeLink, decodeUid, isLinkValid, issueLink, retireLinks } from './one-time-links';
import { assertPasswordAllowed } from './password-policy';
import { findUserByEmail, findUserById, type UserRow } from './users';

export function createCredentialsService(db: Database, config: AppConfig) {
  const params = { supportEmail: config.supportEmail };

  async function signedInUser(user: AuthUser): Promise<UserRow> {
    const row = await findUserById(db, user.id);
    if (!row) throw new AppError('UNAUTHENTICATED');
    return row;
  }

  async function savePassword(
    user: UserRow,
    password: string,
    options: { keepSession?: string; resetLink?: { uid: string; token: string } },
  ) {
    const passwordHash = await hashPassword(password);
    await inTransaction(db, async (tx) => {
      // The link is claimed in the same transaction: of two concurrent submissions only one succeeds.
      if (options.resetLink) {
        const { uid, token } = options.resetLink;
        if (!(await consumeLink(tx, uid, token, ['password_reset']))) throw new AppError('RESET_LINK_INVALID');
      }
      await tx
        .update(users)
        .set({
          passwordHash,
          securityStamp: crypto.randomUUID(),
          // A reset link reached the owner of the address: that also proves the address.
          activatedAt: sql`coalesce(${users.activatedAt}, now())`,
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id));
      await unlockUser(tx, user.id);
      await retireLinks(tx, user.id, ['password_reset']);
      await revokeSessions(tx, user.id, options.keepSession ? { except: options.keepSession } : {});
      await sendAccountEmail(tx, 'password_changed', {
        to: user.email,
        language: toLanguage(user.language),
        firstName: user.firstName,
        params,
      });
    });
  }

  return {
    /**
     * Sends a confirmation link to the new address and a notice to the old one; the old address keeps
     * working until the link is opened. Every session ends (the client logs out).
     */
    async requestEmailChange(user: AuthUser, input: { password: string; new_email: string }): Promise<void> {
      const row = await signedInUser(user);
      if (!(await verifyPassword(row.passwordHash, input.password))) {
        throw fieldError({ password: 'account:wrongPassword' });
      }
      if (row.email.toLowerCase() === input.new_email.toLowerCase()) {
        throw fieldError({ new_email: 'account:emailUnchanged' });
      }
      if (await findUserByEmail(db, input.new_email)) throw fieldError({ new_email: 'account:emailTaken' });
      await inTransaction(db, async (tx) => {
        const link = await issueLink(tx, { userId: row.id, purpose: 'email_change', newEmail: input.new_email });
        const language = toLanguage(row.language);
        await sendAccountEmail(tx, 'email_change_confirm', {
          to: input.new_email,
          language,
          firstName: row.firstName,
          url: `${config.publicUrl}/user-account-activation/${link.uid}/${link.token}/`,
          params: { ...params, hours: link.hours, newEmail: input.new_email },
        });
        await sendAccountEmail(tx, 'email_change_notice', {
          to: row.email,
          language,
          firstName: row.firstName,
          params: { ...params, newEmail: input.new_email },
        });
        await revokeSessions(tx, row.id);
      });
    },

    /** Keeps the session that made the change; every other sign-in ends. */
    async changePassword(user: AuthUser, input: { old_password: string; new_password1: string }): Promise<void> {
      const row = await signedInUser(user);
      if (!(await verifyPassword(row.passwordHash, input.old_password))) {
        throw fieldError({ old_password: 'account:wrongPassword' });
      }
      assertPasswordAllowed(input.new_password1, row.email, 'new_password1');
      await savePassword(row, input.new_password1, user.sessionId ? { keepSession: user.sessionId } : {});
    },

    /** Same answer for unknown addresses; blocked accounts get nothing. */
    async requestPasswordReset(email: string): Promise<void> {
      const row = await findUserByEmail(db, email);
      if (row?.status !== 1) return;
      await inTransaction(db, async (tx) => {
        const link = await issueLink(tx, { userId: row.id, purpose: 'password_reset' });
        await sendAccountEmail(tx, 'password_reset', {
          to: row.email,
          language: toLanguage(row.language),
          firstName: row.firstName,
          url: `${config.publicUrl}/reset-password-confirm/${link.uid}/${link.token}/`,
          params: { ...params, hours: link.hours },
        });
      });
    },

    /** Sets the new password, unlocks the account and ends every session. The link works once. */
    async confirmPasswordReset(input: { uid: string; token: string; new_password1: string }): Promise<void> {
      const userId = decodeUid(input.uid);
      const row = userId === null ? undefined : await findUserById(db, userId);
      if (!row || !(await isLinkValid(db, input.uid, input.token, ['password_reset']))) {
        throw new AppError('RESET_LINK_INVALID');
      }
      // Checked before the link is used, so that a refused password leaves the link working.
      assertPasswordAllowed(input.new_password1, row.email, 'new_password1');
      await savePassword(row, input.new_password1, { resetLink: { uid: input.uid, token: input.token } });
    },
  };
}

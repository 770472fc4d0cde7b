// Changing what a person signs in with: the e-mail address (confirmed with the customer's strongest
// factor, bound to the new address, then from the new address) and the password (change while signed in,
// or reset through an e-mailed link).

import type { ActConfirmation, PendingConfirmation } from '@lombard/shared/schemas/authenticator';
import { eq, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import { type Database, inTransaction } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { type ActConfirmations, confirmedChange } from '../../lib/act-confirmations';
import type { AuthUser } from '../../lib/auth-guards';
import { AppError, fieldError } from '../../lib/errors';
import type { FlowContext } from '../../lib/flow-context';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { revokeSessions, type SignInThrottles, toLanguage, unlockUser } from '../auth/service';
import { sendAccountEmail } from './emails';
import { consumeLink, decodeUid, isLinkValid, issueLink, mintDecoyLink, retireLinks } from './one-time-links';
import { assertPasswordAllowed } from './password-policy';
import { findUserByEmail, findUserById, type UserRow } from './users';

/** Rolls back the decoy work of an unknown address (see requestPasswordReset). */
const DISCARD = new Error('discarded on purpose');

const personOf = (row: UserRow) => ({ email: row.email, firstName: row.firstName, lastName: row.lastName });

export function createCredentialsService(
  db: Database,
  config: AppConfig,
  throttles: SignInThrottles,
  acts: ActConfirmations,
) {
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
      await unlockUser(tx, user.id, throttles);
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
     * working until the link is opened. Every session ends (the client logs out). A customer with a factor
     * (a passkey, the app or a verified phone) first confirms the change with the strongest, bound to the
     * new address: the call without `confirmation` answers it pending, and nothing is sent.
     */
    async requestEmailChange(
      user: AuthUser,
      input: { password: string; new_email: string; confirmation?: ActConfirmation | undefined },
      context: FlowContext,
    ): Promise<{ pending: PendingConfirmation } | { sent: true }> {
      const row = await signedInUser(user);
      if (!(await verifyPassword(row.passwordHash, input.password))) {
        throw fieldError({ password: 'account:wrongPassword' });
      }
      if (row.email.toLowerCase() === input.new_email.toLowerCase()) {
        throw fieldError({ new_email: 'account:emailUnchanged' });
      }
      const change = {
        userId: row.id,
        purpose: 'email-change' as const,
        needed: await acts.hasFactor(db, row.id),
        payload: { email: input.new_email.toLowerCase() },
        value: input.new_email,
      };
      const done = await confirmedChange(acts, db, context, change, input.confirmation, async (tx) => {
        const language = toLanguage(row.language);
        // A taken address gets the same answer as a free one (the caller learns nothing about who is
        // registered); its owner is told instead, and there is no link that could confirm it.
        const taken = await findUserByEmail(tx, input.new_email);
        if (taken) {
          await sendAccountEmail(tx, 'email_change_taken', {
            to: taken.email,
            language: toLanguage(taken.language),
            firstName: taken.firstName,
            url: `${config.publicUrl}/auth/forgot-password/`,
            params,
          });
        } else {
          const link = await issueLink(tx, { userId: row.id, purpose: 'email_change', newEmail: input.new_email });
          await sendAccountEmail(tx, 'email_change_confirm', {
            to: input.new_email,
            language,
            firstName: row.firstName,
            url: `${config.publicUrl}/user-account-activation/${link.uid}/${link.token}/`,
            params: { ...params, hours: link.hours, newEmail: input.new_email },
          });
        }
        await sendAccountEmail(tx, 'email_change_notice', {
          to: row.email,
          language,
          firstName: row.firstName,
          params: { ...params, newEmail: input.new_email },
        });
        await revokeSessions(tx, row.id);
      });
      return 'pending' in done ? done : { sent: true };
    },

    /** Keeps the session that made the change; every other sign-in ends. */
    async changePassword(user: AuthUser, input: { old_password: string; new_password1: string }): Promise<void> {
      const row = await signedInUser(user);
      if (!(await verifyPassword(row.passwordHash, input.old_password))) {
        throw fieldError({ old_password: 'account:wrongPassword' });
      }
      await assertPasswordAllowed(input.new_password1, personOf(row), 'new_password1');
      await savePassword(row, input.new_password1, user.sessionId ? { keepSession: user.sessionId } : {});
    },

    /**
     * Same answer for unknown addresses; blocked accounts get nothing. Both go through the same work — a
     * link minted, the e-mail rendered and written — and for them it is then rolled back, so that the
     * time of the answer does not tell a registered address from an unknown one.
     */
    async requestPasswordReset(email: string): Promise<void> {
      const row = await findUserByEmail(db, email);
      const recipient = row?.status === 1 ? row : null;
      try {
        await inTransaction(db, async (tx) => {
          const link = recipient
            ? await issueLink(tx, { userId: recipient.id, purpose: 'password_reset' })
            : await mintDecoyLink(tx, 'password_reset');
          await sendAccountEmail(tx, 'password_reset', {
            to: recipient?.email ?? email,
            language: toLanguage(recipient?.language ?? 'it'),
            firstName: recipient?.firstName ?? '',
            url: `${config.publicUrl}/reset-password-confirm/${link.uid}/${link.token}/`,
            params: { ...params, hours: link.hours },
          });
          if (!recipient) throw DISCARD;
        });
      } catch (error) {
        if (error !== DISCARD) throw error;
      }
    },

    /** Sets the new password, unlocks the account and ends every session. The link works once. */
    async confirmPasswordReset(input: { uid: string; token: string; new_password1: string }): Promise<void> {
      const userId = decodeUid(input.uid);
      const row = userId === null ? undefined : await findUserById(db, userId);
      if (!row || !(await isLinkValid(db, input.uid, input.token, ['password_reset']))) {
        throw new AppError('RESET_LINK_INVALID');
      }
      // Checked before the link is used, so that a refused password leaves the link working.
      await assertPasswordAllowed(input.new_password1, personOf(row), 'new_password1');
      await savePassword(row, input.new_password1, { resetLink: { uid: input.uid, token: input.token } });
    },
  };
}

import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '@lombard/shared/locale';
import { and, eq, gt } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import { type Database, inTransaction, type Queryable } from '../../db/client';
import { newsletterSubscriptions } from '../../db/schema/newsletter';
import { AppError } from '../../lib/errors';
import { translator } from '../../lib/i18n';
import { queueEmail, renderEmail } from '../../lib/outbox';

/** How long a confirmation link works. */
export const NEWSLETTER_CONFIRM_TTL_HOURS = 7 * 24;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function newsletterConfirmUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/newsletter/confirm/?token=${encodeURIComponent(token)}`;
}

export function createNewsletterService(db: Database, config: AppConfig) {
  /**
   * Double opt-in, step one: remember the address as pending and e-mail a confirmation link. The answer
   * is the same whether the address is new, pending or already confirmed, so the form reveals nothing
   * about who is subscribed; a confirmed address gets no new e-mail.
   */
  async function subscribe(email: string, language: Language): Promise<void> {
    await inTransaction(db, async (tx) => {
      // Insert-or-keep, then lock the row: two sign-ups of the same address at once never collide.
      await tx.insert(newsletterSubscriptions).values({ email, language }).onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, email))
        .for('update');
      if (!row || row.status === 'confirmed') return;
      const token = randomBytes(32).toString('base64url');
      await tx
        .update(newsletterSubscriptions)
        .set({
          language,
          tokenHash: hashToken(token),
          tokenExpiresAt: new Date(Date.now() + NEWSLETTER_CONFIRM_TTL_HOURS * 3_600_000),
        })
        .where(eq(newsletterSubscriptions.id, row.id));
      const t = translator(language);
      const url = newsletterConfirmUrl(config.publicUrl, token);
      const content = renderEmail({
        greeting: t('newsletter:email.greeting'),
        paragraphs: [
          t('newsletter:email.intro'),
          t('newsletter:email.expiry', { days: NEWSLETTER_CONFIRM_TTL_HOURS / 24 }),
          t('newsletter:email.ignore'),
        ],
        action: { label: t('newsletter:email.action'), url },
        footer: t('newsletter:email.footer', { supportEmail: config.supportEmail }),
      });
      await queueEmail(tx, {
        to: email,
        template: 'newsletter_confirm',
        language,
        subject: t('newsletter:email.subject'),
        ...content,
      });
    });
  }

  /** Double opt-in, step two: the link from the e-mail confirms the address (once). */
  async function confirm(token: string): Promise<{ email: string; language: Language }> {
    return inTransaction(db, async (tx) => {
      const [row] = await tx
        .update(newsletterSubscriptions)
        .set({ status: 'confirmed', confirmedAt: new Date(), tokenHash: null, tokenExpiresAt: null })
        .where(
          and(
            eq(newsletterSubscriptions.tokenHash, hashToken(token)),
            eq(newsletterSubscriptions.status, 'pending'),
            gt(newsletterSubscriptions.tokenExpiresAt, new Date()),
          ),
        )
        .returning({ email: newsletterSubscriptions.email, language: newsletterSubscriptions.language });
      if (!row) throw new AppError('BAD_REQUEST', { messageKey: 'newsletter:linkInvalid' });
      return { email: row.email, language: row.language === 'en' ? 'en' : 'it' };
    });
  }

  return { subscribe, confirm };
}

/** The newsletter subscription of an address, if any (the copy of its owner's data). */
export async function subscriptionOf(db: Queryable, email: string) {
  const [row] = await db
    .select({
      email: newsletterSubscriptions.email,
      language: newsletterSubscriptions.language,
      status: newsletterSubscriptions.status,
      createdAt: newsletterSubscriptions.createdAt,
      confirmedAt: newsletterSubscriptions.confirmedAt,
    })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, email.trim().toLowerCase()));
  return row ?? null;
}

/** Forgets an address's subscription (an account closed). */
export async function forgetSubscriber(tx: Queryable, email: string): Promise<void> {
  await tx.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email.trim().toLowerCase()));
}

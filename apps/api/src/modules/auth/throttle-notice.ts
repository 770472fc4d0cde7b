// The e-mail that tells owners their account is being throttled: sent once per episode (see
// sign-in-throttle.ts), never per attempt, through the outbox in the caller's transaction.
import type { Language } from '@lombard/shared/locale';
import type { Queryable } from '../../db/client';
import { translator } from '../../lib/i18n';
import { queueEmail, renderEmail } from '../../lib/outbox';

export interface NoticeLinks {
  publicUrl: string;
  supportEmail: string;
}

export async function queueThrottleNotice(
  db: Queryable,
  user: { email: string; firstName: string; language: Language },
  links: NoticeLinks,
): Promise<void> {
  const { language } = user;
  const t = translator(language);
  const params = { supportEmail: links.supportEmail };
  // One line, whatever a stored name holds (see oneLine in the account e-mails).
  const name = user.firstName.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();
  const content = renderEmail({
    greeting: name ? t('emails:greeting', { name }) : t('emails:greetingAnonymous'),
    paragraphs: ['intro', 'ifYou', 'ifNotYou'].map((p) => t(`emails:signInThrottled.${p}`, params)),
    action: { label: t('emails:signInThrottled.action'), url: `${links.publicUrl}/auth/forgot-password/` },
    footer: t('emails:footer', params),
  });
  await queueEmail(db, {
    to: user.email,
    template: 'sign_in_throttled',
    language,
    subject: t('emails:signInThrottled.subject'),
    ...content,
  });
}

// The e-mail that tells a person their profile was approved, in their language, queued in the outbox in
// the transaction of the approval. Copy lives in the `emails` namespace (profileApproved).
import type { Language } from '@lombard/shared/locale';
import type { Queryable } from '../../db/client';
import { translator } from '../../lib/i18n';
import { queueEmail, renderEmail } from '../../lib/outbox';

const oneLine = (value: string) => value.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();

export async function sendProfileApprovedEmail(
  db: Queryable,
  input: { to: string; language: Language; firstName: string; url: string; supportEmail: string },
) {
  const t = translator(input.language);
  const name = oneLine(input.firstName);
  const content = renderEmail({
    greeting: name ? t('emails:greeting', { name }) : t('emails:greetingAnonymous'),
    paragraphs: [t('emails:profileApproved.intro'), t('emails:profileApproved.next')],
    action: { label: t('emails:profileApproved.action'), url: input.url },
    footer: t('emails:footer', { supportEmail: input.supportEmail }),
  });
  await queueEmail(db, {
    to: input.to,
    template: 'profile_approved',
    language: input.language,
    subject: t('emails:profileApproved.subject'),
    ...content,
    meta: { url: input.url },
  });
}

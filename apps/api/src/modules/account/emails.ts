// The account e-mails, in the recipient's language, with plain-text and HTML parts, queued in the outbox
// in the caller's transaction. Copy lives in the `emails` namespace.
import type { Language } from '@lombard/shared/locale';
import type { Queryable } from '../../db/client';
import { translator } from '../../lib/i18n';
import { queueEmail, renderEmail } from '../../lib/outbox';

/** Template name (outbox) → catalogue section and the paragraphs it has. */
const TEMPLATES = {
  account_activation: { section: 'activation', paragraphs: ['intro', 'expiry', 'ignore'] },
  registration_attempt: { section: 'registrationAttempt', paragraphs: ['intro', 'ifYou', 'ifNotYou'] },
  email_change_confirm: { section: 'emailChangeConfirm', paragraphs: ['intro', 'expiry', 'ignore'] },
  email_change_notice: { section: 'emailChangeNotice', paragraphs: ['intro', 'ifNotYou'] },
  email_change_taken: { section: 'emailChangeTaken', paragraphs: ['intro', 'ifYou', 'ifNotYou'] },
  password_reset: { section: 'passwordReset', paragraphs: ['intro', 'expiry', 'ignore'] },
  password_changed: { section: 'passwordChanged', paragraphs: ['intro', 'ifNotYou'] },
} as const;

export type AccountEmail = keyof typeof TEMPLATES;

export interface AccountEmailInput {
  to: string;
  language: Language;
  firstName: string;
  /** The button of the e-mail (activation, confirmation, reset or sign-in page). */
  url?: string;
  /** Interpolation values of the copy: `supportEmail` (footer), `hours`, `newEmail`. */
  params?: Record<string, string | number>;
}

/**
 * A name as one line. Names are refused with control characters at the door; this covers rows written
 * before that rule, so that a CR/LF in a stored name can never start a new line (or header) of an e-mail.
 */
export const oneLine = (value: string) => value.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();

export async function sendAccountEmail(db: Queryable, template: AccountEmail, input: AccountEmailInput) {
  const t = translator(input.language);
  const { section, paragraphs } = TEMPLATES[template];
  const params = input.params ?? {};
  const name = oneLine(input.firstName);
  const content = renderEmail({
    greeting: name ? t('emails:greeting', { name }) : t('emails:greetingAnonymous'),
    paragraphs: paragraphs.map((p) => t(`emails:${section}.${p}`, params)),
    ...(input.url ? { action: { label: t(`emails:${section}.action`), url: input.url } } : {}),
    footer: t('emails:footer', params),
  });
  await queueEmail(db, {
    to: input.to,
    template,
    language: input.language,
    subject: t(`emails:${section}.subject`),
    ...content,
  });
}

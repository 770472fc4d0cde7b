// The notice of something that happened to a paid-out advance (repaid at maturity, an instalment overdue,
// a margin call, the withdrawal): an in-app notification and an e-mail in the customer's language, both
// leading to the advance's page; the urgent ones (margin warning and call) also by SMS to the verified phone.
import type { Language } from '@lombard/shared/locale';
import type { Queryable } from '../../db/client';
import { translator } from '../../lib/i18n';
import { queueEmail, queueSms, renderEmail } from '../../lib/outbox';
import { getAccount } from '../account/service';
import { type NotificationKind, notifyUser } from '../notifications/service';
import { verifiedPhone } from '../profile/service';

/** Where links in notices point, and who signs the e-mails: the app's configuration. */
export interface NoticeSettings {
  publicUrl: string;
  supportEmail: string;
}

/** The customer's advance page, where every notice leads. */
const advancePath = (id: number) => `/customer/loan/${id}/`;

/**
 * Tells the customer in the app and by e-mail, in their language. The texts are `advance-life:<notice>.*`
 * (subject, intro, next, action), with money already formatted by the caller per language.
 */
export async function tellCustomer(
  tx: Queryable,
  settings: NoticeSettings,
  input: {
    userId: number;
    advanceId: number;
    notification: NotificationKind;
    notice: string;
    params: (language: Language) => Record<string, string | number>;
    /** Paragraphs of the e-mail after intro and next (`advance-life:<notice>.<key>`). */
    more?: string[];
    /** Also by SMS (`advance-life:<notice>.sms`), when the customer has a verified phone. */
    sms?: boolean;
  },
) {
  const account = await getAccount(tx, input.userId);
  if (!account) return;
  const language = account.language;
  const t = translator(language);
  const params = input.params(language);
  await notifyUser(tx, {
    userId: input.userId,
    kind: input.notification,
    params,
    link: advancePath(input.advanceId),
  });
  const content = renderEmail({
    greeting: account.firstName ? t('emails:greeting', { name: account.firstName }) : t('emails:greetingAnonymous'),
    paragraphs: [
      t(`advance-life:${input.notice}.intro`, params),
      t(`advance-life:${input.notice}.next`, params),
      ...(input.more ?? []).map((key) => t(`advance-life:${input.notice}.${key}`, params)),
    ],
    action: {
      label: t(`advance-life:${input.notice}.action`),
      url: `${settings.publicUrl}${advancePath(input.advanceId)}`,
    },
    footer: t('emails:footer', { supportEmail: settings.supportEmail }),
  });
  await queueEmail(tx, {
    to: account.email,
    template: `advance_${input.notice}`,
    language,
    subject: t(`advance-life:${input.notice}.subject`, params),
    ...content,
  });
  const phone = input.sms ? await verifiedPhone(tx, input.userId) : null;
  if (phone) {
    await queueSms(tx, {
      to: phone,
      template: `advance_${input.notice}`,
      language,
      text: t(`advance-life:${input.notice}.sms`, params),
      meta: { advance: input.advanceId },
    });
  }
}

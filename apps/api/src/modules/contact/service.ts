import type { Language } from '@lombard/shared/locale';
import type { contactMessageSchema } from '@lombard/shared/schemas/contact';
import type { z } from 'zod';
import type { AppConfig } from '../../config';
import { type Database, inTransaction } from '../../db/client';
import { contactMessages } from '../../db/schema/contact';
import { translator } from '../../lib/i18n';
import { queueEmail, renderEmail } from '../../lib/outbox';

export type ContactMessage = z.output<typeof contactMessageSchema>;

/** The support team reads Italian: the notification is in the default language, the message as written. */
const SUPPORT_LANGUAGE: Language = 'it';

export function createContactService(db: Database, config: AppConfig) {
  /** Stores the message and, in the same transaction, queues the e-mail to support. */
  async function submit(input: ContactMessage, language: Language): Promise<{ id: number }> {
    return inTransaction(db, async (tx) => {
      const [row] = await tx
        .insert(contactMessages)
        .values({
          name: input.name,
          email: input.email,
          topic: input.topic,
          subject: input.subject,
          message: input.message,
          language,
        })
        .returning({ id: contactMessages.id });
      const id = row!.id;
      const t = translator(SUPPORT_LANGUAGE);
      const topic = t(`contact:topics.${input.topic}`);
      const subject = t('contact:email.subject', { id, topic, subject: input.subject || topic });
      const content = renderEmail({
        greeting: t('contact:email.greeting'),
        paragraphs: [
          t('contact:email.from', { name: input.name, email: input.email }),
          t('contact:email.details', { topic, language: t(`contact:languages.${language}`) }),
          ...(input.subject ? [t('contact:email.subjectLine', { subject: input.subject })] : []),
          input.message,
        ],
        footer: t('contact:email.footer', { id }),
      });
      await queueEmail(tx, {
        to: config.supportEmail,
        template: 'contact_message',
        language: SUPPORT_LANGUAGE,
        subject,
        ...content,
        meta: { contact_message_id: id, reply_to: input.email },
      });
      return { id };
    });
  }

  return { submit };
}

// The person's preferences, kept on the server so they follow them across devices; the language is the
// account's own (it also chooses the language of e-mails and SMS).
import type { Language } from '@lombard/shared/locale';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type ProfileSettings,
  type Theme,
} from '@lombard/shared/schemas/profile-views';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { profileSettings } from '../../db/schema/profile';

export async function readSettings(db: Queryable, userId: number, language: Language): Promise<ProfileSettings> {
  const [row] = await db.select().from(profileSettings).where(eq(profileSettings.userId, userId));
  return {
    language,
    theme: (row?.theme as Theme | undefined) ?? 'auto',
    notifications: row
      ? {
          email_product_news: row.emailProductNews,
          email_account_activity: row.emailAccountActivity,
          sms_security: row.smsSecurity,
        }
      : { ...DEFAULT_NOTIFICATION_PREFERENCES },
  };
}

export async function writeSettings(db: Queryable, userId: number, settings: ProfileSettings, now: Date) {
  const values = {
    theme: settings.theme,
    emailProductNews: settings.notifications.email_product_news,
    emailAccountActivity: settings.notifications.email_account_activity,
    smsSecurity: settings.notifications.sms_security,
    updatedAt: now,
  };
  await db
    .insert(profileSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: profileSettings.userId, set: values });
}

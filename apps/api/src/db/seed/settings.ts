import type { Database } from '../client';
import { settings } from '../schema/settings';

export async function seedSettings(db: Database) {
  await db
    .insert(settings)
    .values([
      {
        key: 'newsletter_settings',
        value: {
          it: { url: '/support/?newsletter=it' },
          en: { url: '/support/?newsletter=en' },
        },
      },
      { key: 'bank_maximum_advance_amount', value: { amount: '500000.00' } },
      {
        key: 'social_links',
        value: [
          { network: 'linkedin', url: 'https://www.linkedin.com/company/lombard-advance' },
          { network: 'instagram', url: 'https://www.instagram.com/lombard.advance' },
          { network: 'x', url: 'https://x.com/lombard_advance' },
        ],
      },
    ])
    .onConflictDoNothing();
}

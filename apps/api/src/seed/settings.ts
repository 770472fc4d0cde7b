import type { Queryable } from '../db/client';
import { settings } from '../db/schema/settings';
import { DEFAULT_PARTNER_BANK } from '../modules/config/service';

/** Settings every data set starts with; an operator may change them afterwards. */
export async function seedSettings(db: Queryable) {
  await db
    .insert(settings)
    .values([
      {
        key: 'newsletter_settings',
        value: {
          // The site's own double opt-in sign-up page; an operator may point a language elsewhere.
          it: { url: '/newsletter/' },
          en: { url: '/newsletter/' },
        },
      },
      { key: 'bank_maximum_advance_amount', value: { amount: '500000.00' } },
    ])
    .onConflictDoNothing();
}

/** Social profiles of the demo brand: a real deployment has its own, or none. */
export async function seedDemoSocialLinks(db: Queryable) {
  await db
    .insert(settings)
    .values({
      key: 'social_links',
      value: [
        { network: 'linkedin', url: 'https://www.linkedin.com/company/lombard-advance' },
        { network: 'instagram', url: 'https://www.instagram.com/lombard.advance' },
        { network: 'x', url: 'https://x.com/lombard_advance' },
      ],
    })
    .onConflictDoNothing();
}

/** The partner bank's account that customers pay into, quoted on deposit and order instructions. */
export async function seedPartnerBankSettings(db: Queryable) {
  await db.insert(settings).values({ key: 'partner_bank', value: DEFAULT_PARTNER_BANK }).onConflictDoNothing();
}

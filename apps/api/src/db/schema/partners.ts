import { boolean, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Companies whose employees hold stock units; each has a landing page at /l/{slug}. */
export const partners = pgTable(
  'partners',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** Logo as an inline SVG document, so that partner pages load nothing from another origin. */
    logoSvg: text('logo_svg').notNull(),
    brandColor: text('brand_color').notNull().default('#1c7ed6'),
    /** { it: {headline, offer}, en: {headline, offer} } */
    translatedContent: jsonb('translated_content').notNull(),
    /** Loan-to-value granted on this partner's stock units, e.g. 0.5000. */
    loanToValue: numeric('loan_to_value', { precision: 5, scale: 4 }).notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('partners_slug_unique').on(t.slug)],
);

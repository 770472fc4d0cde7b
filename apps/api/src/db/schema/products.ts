import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Investment products offered by the partner bank. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    isin: text('isin').notNull(),
    name: text('name').notNull(),
    /** { it: {summary, underlying, description}, en: {...} } */
    translatedContent: jsonb('translated_content').notNull(),
    category: text('category').notNull(),
    /** SRI risk indicator 1 (lowest) to 7 (highest). */
    riskIndicator: integer('risk_indicator').notNull(),
    /** Coupon frequency code: M, B, Q, H, Y, A; null for accumulating products. */
    couponFrequency: text('coupon_frequency'),
    couponRate: numeric('coupon_rate', { precision: 7, scale: 4 }),
    minInvestment: numeric('min_investment', { precision: 18, scale: 2 }).notNull(),
    maxInvestment: numeric('max_investment', { precision: 18, scale: 2 }),
    minHoldingDays: integer('min_holding_days').notNull().default(0),
    capitalProtection: numeric('capital_protection', { precision: 5, scale: 2 }),
    entryCost: numeric('entry_cost', { precision: 7, scale: 4 }).notNull().default('0'),
    annualFee: numeric('annual_fee', { precision: 7, scale: 4 }).notNull().default('0'),
    maturityDate: date('maturity_date'),
    loanToValue: numeric('loan_to_value', { precision: 5, scale: 4 }).notNull(),
    /**
     * Share of the fund's assets in government bonds (Italian and white-list states), a fraction: that part
     * of a gain is taxed at 12.5 % instead of 26 % (docs/decisions/036).
     */
    governmentBondShare: numeric('government_bond_share', { precision: 5, scale: 4 }).notNull().default('0'),
    /** The holding period the Key Information Document recommends, in whole years. */
    recommendedHoldingYears: integer('recommended_holding_years').notNull().default(5),
    onSale: boolean('on_sale').notNull().default(true),
    status: integer('status').notNull().default(1),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_slug_unique').on(t.slug),
    uniqueIndex('products_isin_unique').on(t.isin),
    check('products_government_bond_share_range', sql`${t.governmentBondShare} between 0 and 1`),
  ],
);

/** Net asset value per unit, one row per product and day. */
export const productNavs = pgTable(
  'product_navs',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    navDate: date('nav_date').notNull(),
    nav: numeric('nav', { precision: 18, scale: 6 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.navDate] }), index('product_navs_date_idx').on(t.navDate)],
);

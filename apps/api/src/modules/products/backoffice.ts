// Back office: the partner bank's products as operators manage them (GET/POST/PATCH/PUT
// /api/v1/backoffice/products/, enable/ and disable/), every change audited by the resource kit.
import {
  backofficeProductSchema,
  minBelowMax,
  type ProductWrite,
  productWriteObjectSchema,
  productWriteSchema,
} from '@lombard/shared/schemas/products';
import Decimal from 'decimal.js';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { productNavs, products } from '../../db/schema/products';
import { fieldError } from '../../lib/errors';
import { defineResource } from '../../lib/resource/types';
import { productFields } from './catalogue';
import { productColumns, toProductDetail } from './product-view';

export const BACKOFFICE_PRODUCTS_PATH = '/api/v1/backoffice/products/';

/** The ten latest NAVs, newest first, read with the row (the operator checks them before recording one). */
const recentNavs = sql<Array<{ date: string; nav: string }>>`(
  select coalesce(json_agg(json_build_object('date', x.d, 'nav', x.n) order by x.d desc), '[]'::json)
  from (select ${productNavs.navDate}::text as d, ${productNavs.nav}::text as n from ${productNavs}
        where ${productNavs.productId} = ${products.id} order by ${productNavs.navDate} desc limit 10) x)`;

function slugOf(name: string): string {
  return (
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'product'
  );
}

async function uniqueSlug(tx: Transaction, name: string): Promise<string> {
  const base = slugOf(name);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    const [taken] = await tx.select({ id: products.id }).from(products).where(eq(products.slug, candidate));
    if (!taken) return candidate;
  }
}

async function assertIsinFree(tx: Transaction, isin: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.isin, isin), exceptId ? ne(products.id, exceptId) : undefined));
  if (taken) throw fieldError({ isin: 'products:validation.isinTaken' });
}

/** Column values of the fields present in the body. */
function columnsOf(body: Partial<ProductWrite>) {
  const set: Partial<typeof products.$inferInsert> = {};
  if (body.name !== undefined) set.name = body.name;
  if (body.isin !== undefined) set.isin = body.isin;
  if (body.category !== undefined) set.category = body.category;
  if (body.risk_indicator !== undefined) set.riskIndicator = body.risk_indicator;
  if (body.coupon_frequency !== undefined) set.couponFrequency = body.coupon_frequency;
  if (body.coupon_rate !== undefined) set.couponRate = body.coupon_rate;
  if (body.min_investment !== undefined) set.minInvestment = body.min_investment;
  if (body.max_investment !== undefined) set.maxInvestment = body.max_investment;
  if (body.min_holding_days !== undefined) set.minHoldingDays = body.min_holding_days;
  if (body.capital_protection !== undefined) set.capitalProtection = body.capital_protection;
  if (body.entry_cost !== undefined) set.entryCost = body.entry_cost;
  if (body.annual_fee !== undefined) set.annualFee = body.annual_fee;
  if (body.maturity_date !== undefined) set.maturityDate = body.maturity_date;
  if (body.loan_to_value !== undefined) set.loanToValue = body.loan_to_value;
  if (body.recommended_holding_years !== undefined) set.recommendedHoldingYears = body.recommended_holding_years;
  if (body.on_sale !== undefined) set.onSale = body.on_sale;
  if (body.translated_content !== undefined) set.translatedContent = body.translated_content;
  // The form writes a percentage; the column keeps the fraction the tax estimate multiplies by.
  if (body.government_bond_share !== undefined)
    set.governmentBondShare = new Decimal(body.government_bond_share).div(100).toFixed(4);
  return set;
}

export const backofficeProducts = defineResource({
  name: 'backoffice.products',
  path: BACKOFFICE_PRODUCTS_PATH,
  docs: { tag: 'backoffice', summary: 'Products of the partner bank (operators)' },
  profiles: ['admin'],
  from: products,
  select: { ...productColumns, recentNavs, governmentBondShare: products.governmentBondShare },
  id: products.id,
  scope: () => undefined,
  fields: {
    ...productFields,
    status: { expr: products.status, type: 'integer', sortable: true, filterable: true },
    isin: { expr: products.isin, type: 'text', sortable: true, filterable: true },
  },
  search: [products.name, products.isin, products.slug],
  defaultOrder: ['position'],
  item: backofficeProductSchema,
  serialize: (row, context) => ({
    ...toProductDetail(row, context.language, context.t),
    slug: row.slug,
    position: row.position,
    recent_navs: row.recentNavs ?? [],
    government_bond_share: new Decimal(row.governmentBondShare).mul(100).toFixed(2),
  }),
  create: {
    body: productWriteSchema,
    async run(tx, raw) {
      const body = raw as ProductWrite;
      await assertIsinFree(tx, body.isin);
      const [last] = await tx.select({ max: sql<number | null>`max(${products.position})` }).from(products);
      const [row] = await tx
        .insert(products)
        .values({
          ...(columnsOf(body) as typeof products.$inferInsert),
          slug: await uniqueSlug(tx, body.name),
          position: Number(last?.max ?? -1) + 1,
        })
        .returning({ id: products.id });
      return row!.id;
    },
  },
  update: {
    body: productWriteObjectSchema,
    partialBody: productWriteObjectSchema.partial(),
    async run(tx, id, raw, _context, before) {
      const body = raw as Partial<ProductWrite>;
      const merged = {
        min_investment: body.min_investment ?? before.minInvestment,
        max_investment: body.max_investment === undefined ? before.maxInvestment : body.max_investment,
      };
      if (!minBelowMax(merged)) throw fieldError({ max_investment: 'products:validation.minBelowMax' });
      if (body.isin !== undefined) await assertIsinFree(tx, body.isin, Number(id));
      const set = columnsOf(body);
      if (Object.keys(set).length > 0)
        await tx
          .update(products)
          .set(set)
          .where(eq(products.id, Number(id)));
    },
  },
  status: { field: 'status', column: products.status },
});

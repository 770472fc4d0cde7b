// GET /api/v1/products/ and /{id}/: the partner bank's products for every signed-in profile, on the
// resource kit (filters, sorts, pages as every list). Products an operator disabled are not shown.
import { FREQUENCY_CODES, ITEM_STATUS } from '@lombard/shared/constants';
import { productDetailSchema, productItemSchema } from '@lombard/shared/schemas/products';
import { eq } from 'drizzle-orm';
import { products } from '../../db/schema/products';
import { defineResource } from '../../lib/resource/types';
import { performanceYtdOrder } from './performance';
import { productColumns, toProductDetail, toProductItem } from './product-view';

export const PRODUCTS_PATH = '/api/v1/products/';

/** Filters and sorts the customers' list and the back office share. */
export const productFields = {
  id: { expr: products.id, type: 'id', filterable: true },
  name: { expr: products.name, type: 'text', sortable: true, filterable: true },
  risk_indicator: { expr: products.riskIndicator, type: 'integer', sortable: true, filterable: true },
  coupon_frequency: { expr: products.couponFrequency, type: 'enum', values: FREQUENCY_CODES, filterable: true },
  category: { expr: products.category, type: 'text', filterable: true },
  on_sale: { expr: products.onSale, type: 'boolean', filterable: true },
  min_investment: { expr: products.minInvestment, type: 'amount', sortable: true, filterable: true },
  performance_ytd: { expr: performanceYtdOrder, type: 'amount', sortable: true },
  position: { expr: products.position, type: 'integer', sortable: true },
} as const;

export const customerProducts = defineResource({
  name: 'products',
  path: PRODUCTS_PATH,
  docs: { tag: 'products', summary: 'Products of the partner bank' },
  from: products,
  select: productColumns,
  id: products.id,
  scope: () => eq(products.status, ITEM_STATUS.enabled),
  fields: productFields,
  search: [products.name, products.isin],
  defaultOrder: ['position'],
  item: productItemSchema,
  detailItem: productDetailSchema,
  serialize: (row, context) => toProductItem(row, context.language, context.t),
  serializeDetail: (row, context) => toProductDetail(row, context.language, context.t),
});

// The lists of stock plans: the customer's own, and every customer's for the operators' verification.
import { backofficeStockPlanSchema, stockPlanSchema } from '@lombard/shared/schemas/stock-plans';
import { STOCK_PLAN_STATUSES } from '@lombard/shared/stock-plan-kinds';
import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import { stockPlans } from '../../db/schema/stock-plans';
import { defineResource, type FieldSpec } from '../../lib/resource/types';
import { userEmailOf, userFullNameOf } from '../account/service';
import { firstFileOf } from '../documents/service';
import { pledgedPlanUnitsOf } from '../ledger/service';
import { type PlanPrice, priceInForceColumns } from './prices';
import { type StockPlanRow, serializeStockPlan } from './service';

const columns = {
  id: stockPlans.id,
  userId: stockPlans.userId,
  partnerId: stockPlans.partnerId,
  companyName: stockPlans.companyName,
  planName: stockPlans.planName,
  vestedUnits: stockPlans.vestedUnits,
  unitPrice: stockPlans.unitPrice,
  priceSource: stockPlans.priceSource,
  loanToValue: stockPlans.loanToValue,
  status: stockPlans.status,
  documentId: stockPlans.documentId,
  reason: stockPlans.reason,
  createdAt: stockPlans.createdAt,
  verifiedAt: stockPlans.verifiedAt,
  decidedBy: stockPlans.decidedBy,
  pledgedUnits: pledgedPlanUnitsOf(sql.raw('"stock_plans"."id"')),
  ...priceInForceColumns(sql.raw('"stock_plans"."id"')),
  fileId: firstFileOf(sql.raw('"stock_plans"."document_id"')),
};
type Row = StockPlanRow & {
  pledgedUnits: string;
  fileId: number | null;
  priceNow: string | null;
  priceDay: string | null;
  priceSourceNow: string | null;
};

/** The row's price in force, when it has one (verified plans). */
const priceNowOf = (row: Row): PlanPrice | null =>
  row.priceNow === null || row.priceDay === null
    ? null
    : {
        price: new Decimal(row.priceNow).toFixed(6),
        day: row.priceDay,
        source: row.priceSourceNow as PlanPrice['source'],
      };

const fields = {
  id: { expr: stockPlans.id, type: 'id', sortable: true, filterable: true },
  status: { expr: stockPlans.status, type: 'enum', values: STOCK_PLAN_STATUSES, sortable: true, filterable: true },
  company: { expr: stockPlans.companyName, type: 'text', sortable: true, filterable: true },
  created_at: { expr: stockPlans.createdAt, type: 'datetime', sortable: true, filterable: true },
} satisfies Record<string, FieldSpec>;

export const myStockPlans = defineResource({
  name: 'stock-plans',
  path: '/api/v1/stock-plans/',
  docs: { tag: 'stock-plans', summary: 'My stock plans' },
  profiles: ['lead', 'customer', 'admin'],
  audit: false,
  from: stockPlans,
  select: columns,
  id: stockPlans.id,
  scope: (context) => eq(stockPlans.userId, context.user.id),
  fields,
  defaultOrder: ['-created_at'],
  item: stockPlanSchema,
  serialize: (row, context) =>
    serializeStockPlan(row as Row, (row as Row).pledgedUnits, context.t, priceNowOf(row as Row)),
  download: { fileId: (row) => (row as Row).fileId },
});

export const backofficeStockPlans = defineResource({
  name: 'backoffice.stock-plans',
  path: '/api/v1/backoffice/stock-plans/',
  docs: { tag: 'backoffice', summary: 'Stock plans to verify' },
  profiles: ['admin'],
  from: stockPlans,
  select: { ...columns, userEmail: userEmailOf(stockPlans.userId), userFullName: userFullNameOf(stockPlans.userId) },
  id: stockPlans.id,
  scope: () => undefined,
  fields: { ...fields, user: { expr: stockPlans.userId, type: 'id', filterable: true } },
  search: [stockPlans.companyName, stockPlans.planName],
  defaultOrder: ['-created_at'],
  item: backofficeStockPlanSchema,
  serialize: (row, context) => {
    const r = row as Row & { userEmail: string | null; userFullName: string | null };
    return {
      ...serializeStockPlan(r, r.pledgedUnits, context.t, priceNowOf(r)),
      user: { id: r.userId, email: r.userEmail, full_name: r.userFullName },
    };
  },
  download: { fileId: (row) => (row as Row).fileId },
});

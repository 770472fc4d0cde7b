// The lists of advances: the customer's own, and every customer's for the operators (filtered by status,
// flagged for review). Generic resources: paging, filters, sorting.
import { ADVANCE_STATUSES } from '@lombard/shared/advance-status';
import { advanceSummarySchema, backofficeAdvanceSchema } from '@lombard/shared/schemas/advances';
import { eq, sql } from 'drizzle-orm';
import { advances } from '../../db/schema/advances';
import { defineResource, type FieldSpec } from '../../lib/resource/types';
import { userEmailOf, userFullNameOf } from '../account/service';
import { type SummaryRow, serializeSummary } from './detail';

/**
 * The last instalment's due date, once the schedule is written (at payout). Aliased and qualified by
 * hand: in a single-table select drizzle writes columns unqualified, which would name the subquery's own.
 */
const maturity = sql<
  string | null
>`(select max(last_instalment.due_date)::text from advance_instalments last_instalment where last_instalment.advance_id = "advances"."id")`;

const columns = {
  id: advances.id,
  userId: advances.userId,
  status: advances.status,
  amount: advances.amount,
  outstanding: advances.outstanding,
  instalments: advances.instalments,
  annualRate: advances.annualRate,
  apr: advances.apr,
  flagged: advances.flagged,
  createdAt: advances.createdAt,
  disbursedAt: advances.disbursedAt,
  maturity,
};
type Row = SummaryRow & { userId: number; flagged: boolean; maturity: string | null };

const fields = {
  id: { expr: advances.id, type: 'id', sortable: true, filterable: true },
  status: { expr: advances.status, type: 'enum', values: ADVANCE_STATUSES, sortable: true, filterable: true },
  amount: { expr: advances.amount, type: 'amount', sortable: true, filterable: true },
  created_at: { expr: advances.createdAt, type: 'datetime', sortable: true, filterable: true },
} satisfies Record<string, FieldSpec>;

const summary = (row: Row, t: Parameters<typeof serializeSummary>[1]) => serializeSummary(row, t, row.maturity);

export const myAdvances = defineResource({
  name: 'advances',
  path: '/api/v1/advances/',
  docs: { tag: 'advances', summary: 'My advances' },
  profiles: ['customer', 'admin'],
  audit: false,
  ownDetailRoute: true,
  from: advances,
  select: columns,
  id: advances.id,
  scope: (context) => eq(advances.userId, context.user.id),
  fields,
  defaultOrder: ['-created_at'],
  item: advanceSummarySchema,
  serialize: (row, context) => summary(row as Row, context.t),
});

export const backofficeAdvances = defineResource({
  name: 'backoffice.advances',
  path: '/api/v1/backoffice/advances/',
  docs: { tag: 'backoffice', summary: 'Advance requests' },
  profiles: ['admin'],
  ownDetailRoute: true,
  from: advances,
  select: { ...columns, userEmail: userEmailOf(advances.userId), userFullName: userFullNameOf(advances.userId) },
  id: advances.id,
  scope: () => undefined,
  fields: {
    ...fields,
    flagged: { expr: advances.flagged, type: 'boolean', filterable: true },
    user: { expr: advances.userId, type: 'id', filterable: true },
  },
  defaultOrder: ['-created_at'],
  item: backofficeAdvanceSchema,
  serialize: (row, context) => {
    const r = row as Row & { userEmail: string | null; userFullName: string | null };
    return {
      ...summary(r, context.t),
      user: { id: r.userId, email: r.userEmail, full_name: r.userFullName },
      flagged: r.flagged,
    };
  },
});

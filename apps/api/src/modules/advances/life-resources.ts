// What the operators watch in the life of advances: instalments (the overdue ones first of all) and
// margin calls (the open ones), with the customer behind each. Generic resources: paging, filters, sorting.
import {
  backofficeInstalmentSchema,
  backofficeMarginCallSchema,
  INSTALMENT_STATES,
  type InstalmentState,
} from '@lombard/shared/schemas/advances';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { advanceInstalments, advances, marginCalls } from '../../db/schema/advances';
import { defineResource } from '../../lib/resource/types';
import { userEmailOf, userFullNameOf } from '../account/service';

const eur = (value: Decimal.Value) => new Decimal(value).toFixed(2);
/** The customer of the advance a row belongs to. */
const ownerOf = (advanceId: typeof advanceInstalments.advanceId | typeof marginCalls.advanceId) =>
  sql<number>`(select ${advances.userId} from ${advances} where ${advances.id} = ${advanceId})`;

const instalmentOwner = ownerOf(advanceInstalments.advanceId);
export const backofficeInstalments = defineResource({
  name: 'backoffice.advance-instalments',
  path: '/api/v1/backoffice/advance-instalments/',
  docs: { tag: 'backoffice', summary: 'Advance instalments (filter state=overdue for the unpaid ones)' },
  profiles: ['admin'],
  audit: false,
  from: advanceInstalments,
  select: {
    id: advanceInstalments.id,
    advanceId: advanceInstalments.advanceId,
    number: advanceInstalments.number,
    dueDate: advanceInstalments.dueDate,
    interest: advanceInstalments.interest,
    principal: advanceInstalments.principal,
    state: advanceInstalments.state,
    paidAt: advanceInstalments.paidAt,
    userId: instalmentOwner,
    userEmail: userEmailOf(instalmentOwner),
    userFullName: userFullNameOf(instalmentOwner),
  },
  id: advanceInstalments.id,
  scope: () => undefined,
  fields: {
    id: { expr: advanceInstalments.id, type: 'id', sortable: true, filterable: true },
    advance: { expr: advanceInstalments.advanceId, type: 'id', filterable: true },
    state: { expr: advanceInstalments.state, type: 'enum', values: INSTALMENT_STATES, filterable: true },
    due_date: { expr: advanceInstalments.dueDate, type: 'date', sortable: true, filterable: true },
  },
  defaultOrder: ['due_date'],
  item: backofficeInstalmentSchema,
  serialize: (row) => ({
    id: row.id,
    advance_id: row.advanceId,
    number: row.number,
    due_date: row.dueDate,
    interest: eur(row.interest),
    principal: eur(row.principal),
    total: eur(new Decimal(row.interest).plus(row.principal)),
    state: row.state as InstalmentState,
    paid_at: row.paidAt?.toISOString() ?? null,
    user: { id: Number(row.userId), email: row.userEmail, full_name: row.userFullName },
  }),
});

const callOwner = ownerOf(marginCalls.advanceId);
export const backofficeMarginCalls = defineResource({
  name: 'backoffice.margin-calls',
  path: '/api/v1/backoffice/margin-calls/',
  docs: { tag: 'backoffice', summary: 'Margin calls (filter open=True for the ones still open)' },
  profiles: ['admin'],
  audit: false,
  from: marginCalls,
  select: {
    id: marginCalls.id,
    advanceId: marginCalls.advanceId,
    openedAt: marginCalls.openedAt,
    closedAt: marginCalls.closedAt,
    outstanding: marginCalls.outstanding,
    limitAmount: marginCalls.limitAmount,
    shortfall: marginCalls.shortfall,
    collateralToAdd: marginCalls.collateralToAdd,
    userId: callOwner,
    userEmail: userEmailOf(callOwner),
    userFullName: userFullNameOf(callOwner),
  },
  id: marginCalls.id,
  scope: () => undefined,
  fields: {
    id: { expr: marginCalls.id, type: 'id', sortable: true, filterable: true },
    advance: { expr: marginCalls.advanceId, type: 'id', filterable: true },
    open: { expr: sql`(${marginCalls.closedAt} is null)`, type: 'boolean', filterable: true },
    opened_at: { expr: marginCalls.openedAt, type: 'datetime', sortable: true, filterable: true },
    shortfall: { expr: marginCalls.shortfall, type: 'amount', sortable: true },
  },
  defaultOrder: ['-opened_at'],
  item: backofficeMarginCallSchema,
  serialize: (row) => ({
    id: row.id,
    advance_id: row.advanceId,
    opened_at: row.openedAt.toISOString(),
    closed_at: row.closedAt?.toISOString() ?? null,
    outstanding: eur(row.outstanding),
    limit: eur(row.limitAmount),
    shortfall: eur(row.shortfall),
    collateral_to_add: eur(row.collateralToAdd),
    user: { id: Number(row.userId), email: row.userEmail, full_name: row.userFullName },
  }),
});

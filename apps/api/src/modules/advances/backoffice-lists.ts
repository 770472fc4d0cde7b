// Back-office lists of the advances' life: instalments (the overdue ones to chase) and margin calls (the
// open ones). Generic resources over the advances' tables, each row with the customer it concerns.
import {
  backofficeInstalmentSchema,
  backofficeMarginCallSchema,
  INSTALMENT_STATES,
} from '@lombard/shared/schemas/advances';
import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { advanceInstalments, advances, marginCalls } from '../../db/schema/advances';
import { defineResource, type FieldSpec } from '../../lib/resource/types';
import { userEmailOf, userFullNameOf } from '../account/service';

const eur = (value: Decimal.Value) => new Decimal(value).toFixed(2);
const customer = {
  userId: advances.userId,
  userEmail: userEmailOf(advances.userId),
  userFullName: userFullNameOf(advances.userId),
};
type Customer = { userId: number | null; userEmail: string | null; userFullName: string | null };
const userOf = (row: Customer) => ({ id: row.userId ?? 0, email: row.userEmail, full_name: row.userFullName });

const instalmentColumns = {
  id: advanceInstalments.id,
  advanceId: advanceInstalments.advanceId,
  number: advanceInstalments.number,
  dueDate: advanceInstalments.dueDate,
  interest: advanceInstalments.interest,
  principal: advanceInstalments.principal,
  state: advanceInstalments.state,
  paidAt: advanceInstalments.paidAt,
  ...customer,
};
type InstalmentRow = typeof advanceInstalments.$inferSelect & Customer;

export const backofficeInstalments = defineResource({
  name: 'backoffice.advance-instalments',
  path: '/api/v1/backoffice/advance-instalments/',
  docs: { tag: 'backoffice', summary: 'Instalments of advances (filter state=overdue)' },
  profiles: ['admin'],
  from: advanceInstalments,
  joins: (query: PgSelect) => query.innerJoin(advances, eq(advances.id, advanceInstalments.advanceId)),
  select: instalmentColumns,
  id: advanceInstalments.id,
  scope: () => undefined,
  fields: {
    id: { expr: advanceInstalments.id, type: 'id', sortable: true, filterable: true },
    advance: { expr: advanceInstalments.advanceId, type: 'id', filterable: true },
    state: {
      expr: advanceInstalments.state,
      type: 'enum',
      values: INSTALMENT_STATES,
      sortable: true,
      filterable: true,
    },
    due_date: { expr: advanceInstalments.dueDate, type: 'date', sortable: true, filterable: true },
    user: { expr: advances.userId, type: 'id', filterable: true },
  } satisfies Record<string, FieldSpec>,
  defaultOrder: ['due_date'],
  item: backofficeInstalmentSchema,
  serialize: (row) => {
    const r = row as InstalmentRow;
    return {
      id: r.id,
      advance_id: r.advanceId,
      number: r.number,
      due_date: r.dueDate,
      interest: eur(r.interest),
      principal: eur(r.principal),
      total: eur(new Decimal(r.interest).plus(r.principal)),
      state: r.state as (typeof INSTALMENT_STATES)[number],
      paid_at: r.paidAt?.toISOString() ?? null,
      user: userOf(r),
    };
  },
});

const open = sql<boolean>`(${marginCalls.closedAt} is null)`;
type MarginCallRow = typeof marginCalls.$inferSelect & Customer;

export const backofficeMarginCalls = defineResource({
  name: 'backoffice.margin-calls',
  path: '/api/v1/backoffice/margin-calls/',
  docs: { tag: 'backoffice', summary: 'Margin calls (filter open=True)' },
  profiles: ['admin'],
  from: marginCalls,
  joins: (query: PgSelect) => query.innerJoin(advances, eq(advances.id, marginCalls.advanceId)),
  select: {
    id: marginCalls.id,
    advanceId: marginCalls.advanceId,
    outstanding: marginCalls.outstanding,
    limitAmount: marginCalls.limitAmount,
    shortfall: marginCalls.shortfall,
    collateralToAdd: marginCalls.collateralToAdd,
    openedAt: marginCalls.openedAt,
    closedAt: marginCalls.closedAt,
    graceUntil: marginCalls.graceUntil,
    forbearanceOfferedAt: marginCalls.forbearanceOfferedAt,
    forbearanceAnswer: marginCalls.forbearanceAnswer,
    resolution: marginCalls.resolution,
    ...customer,
  },
  id: marginCalls.id,
  scope: () => undefined,
  fields: {
    id: { expr: marginCalls.id, type: 'id', sortable: true, filterable: true },
    advance: { expr: marginCalls.advanceId, type: 'id', filterable: true },
    open: { expr: open, type: 'boolean', filterable: true },
    opened_at: { expr: marginCalls.openedAt, type: 'datetime', sortable: true, filterable: true },
    shortfall: { expr: marginCalls.shortfall, type: 'amount', sortable: true, filterable: true },
    user: { expr: advances.userId, type: 'id', filterable: true },
  } satisfies Record<string, FieldSpec>,
  defaultOrder: ['-opened_at'],
  item: backofficeMarginCallSchema,
  serialize: (row) => {
    const r = row as MarginCallRow;
    return {
      id: r.id,
      advance_id: r.advanceId,
      opened_at: r.openedAt.toISOString(),
      closed_at: r.closedAt?.toISOString() ?? null,
      outstanding: eur(r.outstanding),
      limit: eur(r.limitAmount),
      shortfall: eur(r.shortfall),
      collateral_to_add: eur(r.collateralToAdd),
      grace_until: r.graceUntil,
      forbearance_offered_at: r.forbearanceOfferedAt?.toISOString() ?? null,
      forbearance_answer: r.forbearanceAnswer,
      resolution: r.resolution,
      user: userOf(r),
    };
  },
});

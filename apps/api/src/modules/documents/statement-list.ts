// The statements in force (the latest of each customer and key; a superseded one is in the customer's
// documents) as a read-only back-office list (/api/v1/backoffice/statements/), from which an operator
// draws one again (the statements module's route, audited there).
import { backofficeStatementSchema, STATEMENT_KINDS } from '@lombard/shared/schemas/backoffice';
import { and, isNotNull, isNull } from 'drizzle-orm';
import { documents as d } from '../../db/schema/documents';
import type { Translate } from '../../lib/i18n';
import { defineResource } from '../../lib/resource/types';
import { userEmailOf, userFullNameOf } from '../account/service';

const columns = {
  id: d.id,
  userId: d.userId,
  kind: d.kind,
  key: d.statementKey,
  issuedOn: d.issuedOn,
  createdAt: d.createdAt,
  userEmail: userEmailOf(d.userId),
  userFullName: userFullNameOf(d.userId),
};

/** What a statement is of, from its key (`contract-note:transactions:12`, `asset-statement:2026-Q3`…). */
export function statementSubject(key: string, t: Translate): string {
  const [kind, ...rest] = key.split(':');
  const s = (name: string, params: Record<string, unknown>) => t(`statements:subjects.${name}`, params);
  if (kind === 'contract-note') return s('contractNote', { order: rest[1] ?? '' });
  if (kind === 'asset-statement') return s('assetStatement', { quarter: rest[0] ?? '' });
  if (kind === 'costs-report') return s('costsReport', { year: rest[0] ?? '' });
  if (kind === 'advance-statement') {
    const period = rest[1] ?? '';
    return /^\d{4}$/.test(period)
      ? s('advanceYear', { advance: rest[0] ?? '', year: period })
      : s('advanceOnRequest', { advance: rest[0] ?? '', date: period });
  }
  return key;
}

export const statementsResource = defineResource({
  name: 'backoffice.statements',
  path: '/api/v1/backoffice/statements/',
  docs: { tag: 'backoffice', summary: 'Statements and contract notes in force, to draw one again' },
  profiles: ['admin'],
  // Reading changes nothing; drawing one again is audited by its own route.
  audit: false,
  from: d,
  select: columns,
  id: d.id,
  scope: () => and(isNotNull(d.statementKey), isNull(d.supersededAt)),
  fields: {
    id: { expr: d.id, type: 'id', sortable: true, filterable: true },
    kind: { expr: d.kind, type: 'enum', values: STATEMENT_KINDS, sortable: true, filterable: true },
    user: { expr: d.userId, type: 'id', filterable: true },
    user_email: { expr: columns.userEmail, type: 'text', sortable: true, filterable: true },
    issued_on: { expr: d.issuedOn, type: 'date', sortable: true, filterable: true },
    created_at: { expr: d.createdAt, type: 'datetime', sortable: true, filterable: true },
  },
  search: [columns.userEmail, columns.userFullName, d.statementKey],
  defaultOrder: ['-created_at'],
  item: backofficeStatementSchema,
  serialize: (row, context) => ({
    id: row.id,
    kind: row.kind as (typeof STATEMENT_KINDS)[number],
    kind_name: context.t(`statements:kinds.${row.kind}`),
    subject: statementSubject(row.key ?? '', context.t),
    issued_on: row.issuedOn,
    created_at: row.createdAt.toISOString(),
    user: { id: row.userId, email: row.userEmail, full_name: row.userFullName },
  }),
});

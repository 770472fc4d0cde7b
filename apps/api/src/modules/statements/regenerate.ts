// An operator draws an issued statement again (a figure corrected, a template fixed): the same statement,
// from the books as they are, filed under the same key; the one before stays in the list as superseded.
// No e-mail: the customer was told when it was first issued. Audited in the same transaction.
import { calendarDate } from '@lombard/shared/money/business-days';
import type { Queryable } from '../../db/client';
import type { FlowContext } from '../../lib/flow-context';
import { recordAudit } from '../../lib/resource/audit';
import { findAdvance, issueAdvanceStatement } from '../advances/service';
import { findStatementDocument } from '../documents/service';
import { issueContractNote } from '../transactions/service';
import { issueAssetStatement } from './asset-statement';
import { issueCostsReport } from './costs-report';
import { parseQuarter } from './quarters';

/** Draws the statement of document `id` again; answers the new document, or null when `id` is no statement. */
export async function regenerateStatement(
  tx: Queryable,
  context: FlowContext,
  id: number,
): Promise<{ documentId: number; userId: number } | null> {
  const statement = await findStatementDocument(tx, id);
  if (!statement) return null;
  const [kind, ...rest] = statement.key.split(':');
  let created: number | null = null;
  if (kind === 'contract-note' && rest[0] === 'transactions') {
    created = await issueContractNote(tx, context.files, context, Number(rest[1]), { replace: true });
  } else if (kind === 'asset-statement') {
    const quarter = parseQuarter(rest[0] ?? '');
    if (quarter) {
      created = await issueAssetStatement(tx, context.files, context, {
        userId: statement.userId,
        quarter,
        today: calendarDate(context.now),
        replace: true,
      });
    }
  } else if (kind === 'costs-report' && /^\d{4}$/.test(rest[0] ?? '')) {
    created = await issueCostsReport(tx, context.files, context, {
      userId: statement.userId,
      year: Number(rest[0]),
      today: calendarDate(context.now),
      replace: true,
    });
  } else if (kind === 'advance-statement') {
    const advance = await findAdvance(tx, Number(rest[0]), { userId: statement.userId });
    const period = rest[1] ?? '';
    const asOf = /^\d{4}$/.test(period) ? `${period}-12-31` : period;
    created = await issueAdvanceStatement(tx, context.files, context, advance, {
      asOf,
      period: /^\d{4}$/.test(period) ? { year: Number(period), replace: true } : 'request',
    });
  }
  if (created === null) return null;
  await recordAudit(tx, context.actor, {
    action: 'regenerate',
    objectType: 'documents',
    objectId: id,
    before: { id, key: statement.key },
    after: { id: created, key: statement.key },
    requestId: context.requestId,
    ip: context.ip,
  });
  return { documentId: created, userId: statement.userId };
}

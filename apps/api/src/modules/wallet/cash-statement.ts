// The cash statement a customer reads (GET /api/v1/cash/movements/): the ledger's lines on their cash in a
// period, each named in their language and tied to what caused it (an order's reference code, an advance).
import { CASH_MOVEMENT_KINDS, type CashMovementKind, type CashStatement } from '@lombard/shared/schemas/wallet';
import type { Queryable } from '../../db/client';
import type { Translate } from '../../lib/i18n';
import { advanceOfRepayments } from '../advances/service';
import { cashStatementLines } from '../ledger/service';
import { referenceCodesOf } from '../transactions/service';

const KNOWN = new Set<string>(CASH_MOVEMENT_KINDS);

/** `table:id` as the ledger writes an entry's reference. */
function referenceOf(reference: string): { table: string; id: number } | null {
  const match = /^([a-z_]+):(\d+)$/.exec(reference);
  return match ? { table: match[1]!, id: Number(match[2]) } : null;
}

export async function cashStatement(
  db: Queryable,
  userId: number,
  period: { from?: string; to?: string },
  t: Translate,
): Promise<CashStatement> {
  const from = period.from ?? null;
  const to = period.to ?? null;
  const { opening, lines, closing } = await cashStatementLines(db, userId, { from, to });
  const refs = lines.map((line) => referenceOf(line.reference));
  const idsOf = (table: string) => [...new Set(refs.flatMap((ref) => (ref?.table === table ? [ref.id] : [])))];
  const [codes, repayments] = await Promise.all([
    referenceCodesOf(db, userId, idsOf('transactions')),
    advanceOfRepayments(db, idsOf('advance_repayments')),
  ]);
  const movements = lines.map((line, index) => {
    const ref = refs[index];
    const kind = (KNOWN.has(line.kind) ? line.kind : 'other') as CashMovementKind;
    return {
      id: line.entryId,
      at: line.at.toISOString(),
      kind,
      kind_name: t(`transactions:cashKinds.${kind}`),
      amount: line.amount.toFixed(2),
      balance: line.balance.toFixed(2),
      reference_code: ref?.table === 'transactions' ? (codes.get(ref.id) ?? null) : null,
      advance_id:
        ref?.table === 'advances'
          ? ref.id
          : ref?.table === 'advance_repayments'
            ? (repayments.get(ref.id) ?? null)
            : null,
    };
  });
  return {
    from,
    to,
    opening_balance: opening.toFixed(2),
    closing_balance: closing.toFixed(2),
    movements: movements.reverse(),
  };
}

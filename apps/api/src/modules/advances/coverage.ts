// Whether an advance's pledged collateral still covers it at today's prices (its lines' contributions,
// decision 012's loan-to-value limit): the bank re-checks it on the locked advance before each step that
// commits money (pre-approval, approval, payout), and the ledger verification checks that no active advance
// is above its limit without an open margin call.
import { ADVANCE_STATUS } from '@lombard/shared/advance-status';
import { marginCall } from '@lombard/shared/money/borrowing-power';
import Decimal from 'decimal.js';
import { and, asc, eq, gt, isNull, notExists } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db/client';
import { advances, marginCalls } from '../../db/schema/advances';
import { AppError } from '../../lib/errors';
import type { FlowContext } from '../../lib/flow-context';
import { formatMoney } from '../../lib/format';
import type { LedgerCheck } from '../ledger/service';
import { pledgedLinesNow, pledgedLinesOf } from './margin-calls';
import type { AdvanceRow } from './records';

/**
 * Refuses (409 ADVANCE_COLLATERAL_SHORTFALL) an advance whose amount is above what its pledged lines
 * secure at today's prices. The caller holds the advance's row lock, so its pledged lines cannot change.
 */
export async function assertCollateralCovers(tx: Transaction, context: FlowContext, row: AdvanceRow) {
  const call = marginCall({
    outstanding: new Decimal(row.amount).toFixed(2),
    pledgedLines: await pledgedLinesNow(tx, row.id),
  });
  if (!call) return;
  throw new AppError('ADVANCE_COLLATERAL_SHORTFALL', {
    params: { amount: formatMoney(row.amount, context.language), limit: formatMoney(call.limit, context.language) },
  });
}

/** How many offending advances the check names; the count of the rest is enough to act on. */
const MAX_PROBLEMS = 20;
/**
 * Advances valued per round: four statements each, whatever the number of advances, and the memory of one
 * batch (docs/decisions/026: at a hundred thousand active advances, one statement per advance took minutes,
 * and a list of every id was more parameters than a statement may carry).
 */
const BATCH = 1000;

/**
 * Every active advance is within its limit at today's prices, or has an open margin call asking the
 * customer to restore it. Read without locks, a batch at a time in id order: a verification, not a decision.
 */
export async function advancesWithinLimits(db: Queryable): Promise<LedgerCheck> {
  const problems: string[] = [];
  for (let after = 0; problems.length < MAX_PROBLEMS; ) {
    const batch = await db
      .select({ id: advances.id, userId: advances.userId, outstanding: advances.outstanding })
      .from(advances)
      .where(
        and(
          eq(advances.status, ADVANCE_STATUS.active),
          gt(advances.id, after),
          notExists(
            db
              .select({ id: marginCalls.id })
              .from(marginCalls)
              .where(and(eq(marginCalls.advanceId, advances.id), isNull(marginCalls.closedAt))),
          ),
        ),
      )
      .orderBy(asc(advances.id))
      .limit(BATCH);
    const lines = await pledgedLinesOf(
      db,
      batch.map((row) => row.id),
    );
    for (const row of batch) {
      const outstanding = new Decimal(row.outstanding).toFixed(2);
      const call = marginCall({ outstanding, pledgedLines: lines.get(row.id) ?? [] });
      if (call) {
        problems.push(
          `advance ${row.id} of user ${row.userId}: outstanding ${outstanding} above its limit ${call.limit}, no open margin call`,
        );
      }
    }
    if (batch.length < BATCH) break;
    after = batch[batch.length - 1]!.id;
  }
  return { name: 'advances_within_limits', ok: problems.length === 0, problems: problems.slice(0, MAX_PROBLEMS) };
}

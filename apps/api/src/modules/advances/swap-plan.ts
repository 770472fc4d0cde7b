// What a collateral swap would do today (docs/decisions/019): the lines given back, what the new collateral
// must secure (what the returned lines secure at today's prices, at most the principal owed) and the units
// of each offered line that secure it, by the shared `planSwapPledges`, so the screen shows what the swap
// will pledge. When the swap is made, the advance and the offered lines' free units are locked first and
// the plan is made again on what the locks hold.
import { ADVANCE_STATUS } from '@lombard/shared/advance-status';
import { lineContribution } from '@lombard/shared/money/borrowing-power';
import { planSwapPledges, type SwapPlan, swapRequirement } from '@lombard/shared/money/collateral-swap';
import type { SwapQuote } from '@lombard/shared/schemas/advances';
import Decimal from 'decimal.js';
import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db/client';
import { advanceCollateral } from '../../db/schema/advances';
import { AppError } from '../../lib/errors';
import type { FlowContext } from '../../lib/flow-context';
import { lockBalances } from '../ledger/service';
import { collateralLines, type ValuedLine } from './collateral';
import { pledgedLinesNow } from './margin-calls';
import { type AdvanceRow, findAdvance, lockAdvance, statusLabel } from './records';

export interface SwapChoice {
  give_back: readonly string[];
  pledge: readonly string[];
}

export interface PlannedSwap {
  advance: AdvanceRow;
  giveBack: Array<typeof advanceCollateral.$inferSelect>;
  returned: string;
  plan: SwapPlan;
  /** The offered lines, as valued now. */
  lines: ValuedLine[];
}

const refOf = (userId: number, key: string) => {
  const [kind, id] = key.split(':');
  return kind === 'position'
    ? ({ kind: 'customer.units', userId, productId: Number(id) } as const)
    : ({ kind: 'customer.plan_units', userId, stockPlanId: Number(id) } as const);
};

/** Plans the swap; with a transaction (`lock`), on the locked advance and the locked free units. */
export async function planSwap(
  db: Queryable,
  context: Pick<FlowContext, 't'>,
  userId: number,
  advanceId: number,
  choice: SwapChoice,
  lock?: Transaction,
): Promise<PlannedSwap> {
  const advance = lock ? await lockAdvance(lock, advanceId, userId) : await findAdvance(db, advanceId, { userId });
  if (advance.status !== ADVANCE_STATUS.active) {
    throw new AppError('ADVANCE_TRANSITION_NOT_ALLOWED', {
      params: { status: statusLabel(advance.status, context.t) },
    });
  }
  const giveBackKeys = [...new Set(choice.give_back)];
  const pledgeKeys = [...new Set(choice.pledge)];
  if (pledgeKeys.some((key) => giveBackKeys.includes(key))) throw new AppError('COLLATERAL_UNAVAILABLE');
  // The free units of the offered lines cannot change until the swap is booked.
  if (lock)
    await lockBalances(
      lock,
      pledgeKeys.map((key) => refOf(userId, key)),
    );
  const rows = await db
    .select()
    .from(advanceCollateral)
    .where(and(eq(advanceCollateral.advanceId, advanceId), isNull(advanceCollateral.releasedAt)));
  const keyOf = (row: (typeof rows)[number]) =>
    row.productId ? `position:${row.productId}` : `stock-plan:${row.stockPlanId}`;
  const giveBack = rows.filter((row) => giveBackKeys.includes(keyOf(row)));
  if (giveBack.length !== giveBackKeys.length) throw new AppError('COLLATERAL_UNAVAILABLE');
  const returned = (await pledgedLinesNow(db, advanceId))
    .filter((line) => giveBackKeys.includes(line.key))
    .reduce((sum, line) => sum.plus(lineContribution(line.value, line.loanToValue)), new Decimal(0));
  const lines = (await collateralLines(db, userId, context.t)).filter(
    (line) => !line.pledged && pledgeKeys.includes(line.key),
  );
  if (lines.length !== pledgeKeys.length) throw new AppError('COLLATERAL_UNAVAILABLE');
  const plan = planSwapPledges({
    required: swapRequirement({ returnedContribution: returned.toFixed(2), outstanding: advance.outstanding }),
    lines: lines.map((line) => ({
      key: line.key,
      units: line.units,
      unitPrice: line.unit_price,
      loanToValue: line.loan_to_value,
      // Fund units split to the millionth; a plan's shares are whole.
      unitDecimals: line.kind === 'position' ? 6 : 0,
    })),
  });
  return { advance, giveBack, returned: returned.toFixed(2), plan, lines };
}

/** The swap as the screen shows it before the code is sent. */
export function swapQuote(planned: PlannedSwap): SwapQuote {
  const { plan } = planned;
  return {
    returned: planned.returned,
    outstanding: new Decimal(planned.advance.outstanding).toFixed(2),
    required: plan.required,
    offered: plan.offered,
    pledged: plan.pledged,
    covered: plan.covered,
    pledges: plan.pledges.map((pledge) => {
      const line = planned.lines.find((l) => l.key === pledge.key)!;
      return {
        key: pledge.key,
        kind: line.kind,
        label: line.label,
        units: pledge.units,
        free_units: line.units,
        value: pledge.value,
        contribution: pledge.contribution,
        whole: pledge.whole,
      };
    }),
  };
}

// A collateral swap's effect before it is signed: the distance to a margin call with the lines pledged now
// and with the lines the swap would leave pledged, and the borrowing power of the free lines before and
// after (the returned lines come free, the units pledged instead leave the free ones).
import { lineContribution } from '@lombard/shared/money/borrowing-power';
import { marginDistance } from '@lombard/shared/money/margin-risk';
import type { SwapRisk } from '@lombard/shared/schemas/advance-risk';
import Decimal from 'decimal.js';
import type { Queryable } from '../../db/client';
import type { FlowContext } from '../../lib/flow-context';
import { collateralLines } from './collateral';
import { pledgedLinesNow } from './margin-calls';
import { planSwap, type SwapChoice } from './swap-plan';

const sum = (values: string[]) => values.reduce((total, value) => total.plus(value), new Decimal(0)).toFixed(2);

export async function swapRisk(
  db: Queryable,
  context: Pick<FlowContext, 't'>,
  userId: number,
  advanceId: number,
  choice: SwapChoice,
): Promise<SwapRisk> {
  const planned = await planSwap(db, context, userId, advanceId, choice);
  const outstanding = new Decimal(planned.advance.outstanding).toFixed(2);
  const pledgedNow = await pledgedLinesNow(db, advanceId);
  const returned = pledgedNow.filter((line) => choice.give_back.includes(line.key));
  const ltvOf = (key: string) => planned.lines.find((line) => line.key === key)!.loan_to_value;
  const pledgedAfter = [
    ...pledgedNow.filter((line) => !choice.give_back.includes(line.key)),
    ...planned.plan.pledges.map((p) => ({ key: p.key, value: p.value, loanToValue: ltvOf(p.key) })),
  ];
  const before = marginDistance({ outstanding, lines: pledgedNow });
  const after = marginDistance({ outstanding, lines: pledgedAfter });
  const view = (d: typeof before) => ({
    loan_to_value: d.loanToValue,
    limit_loan_to_value: d.limitLoanToValue,
    fall: d.fall,
    limit: d.limit,
  });
  // Every free line of the customer: the offered ones are in `planned.lines`, the others unchanged.
  const free = (await collateralLines(db, userId, context.t)).filter((line) => !line.pledged);
  const freeAfter = free.map((line) => {
    const pledge = planned.plan.pledges.find((p) => p.key === line.key);
    const value = pledge ? Decimal.max(new Decimal(line.value).minus(pledge.value), 0).toFixed(2) : line.value;
    return lineContribution(value, line.loan_to_value);
  });
  return {
    before: view(before),
    after: view(after),
    borrowing_power_before: sum(free.map((line) => line.contribution)),
    borrowing_power_after: sum([
      ...freeAfter,
      ...returned.map((line) => lineContribution(line.value, line.loanToValue)),
    ]),
  };
}

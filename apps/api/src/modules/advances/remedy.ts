// The remedy a customer ranks in advance for a margin call (docs/decisions/038): the order of the methods
// (repay from cash, pledge free lines, sell pledged fund units) and of the lines each uses. Lines she did
// not rank come after the ones she did, in the order she holds them. The proposal for an open call is the
// shared `proposeRemedy` over her cash and lines at today's prices.
import { proposeRemedy, type Remedy, type SellableLine } from '@lombard/shared/money/margin-alerts';
import { positionValue } from '@lombard/shared/money/valuation';
import {
  DEFAULT_REMEDY_RANKING,
  type RemedyRanking,
  type RemedyRankingView,
  type RemedyView,
} from '@lombard/shared/schemas/margin-alerts';
import Decimal from 'decimal.js';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { advanceCollateral } from '../../db/schema/advances';
import { remedyRankings } from '../../db/schema/margin-alerts';
import { AppError } from '../../lib/errors';
import type { Translate } from '../../lib/i18n';
import { customerBalances } from '../ledger/service';
import { latestNavs } from '../products/service';
import { collateralLines, type ValuedLine } from './collateral';

export async function readRanking(db: Queryable, userId: number): Promise<{ ranking: RemedyRanking; saved: boolean }> {
  const [row] = await db.select().from(remedyRankings).where(eq(remedyRankings.userId, userId));
  if (!row) return { ranking: DEFAULT_REMEDY_RANKING, saved: false };
  return {
    ranking: {
      methods: row.methods as RemedyRanking['methods'],
      pledge_order: row.pledgeOrder as string[],
      sell_order: row.sellOrder as string[],
    },
    saved: true,
  };
}

/** Her ranked keys first, in her order, then the others as held. */
function ranked<T extends { key: string }>(lines: readonly T[], order: readonly string[]): T[] {
  const position = (key: string) => {
    const index = order.indexOf(key);
    return index === -1 ? order.length : index;
  };
  return lines
    .map((line, held) => ({ line, held }))
    .sort((a, b) => position(a.line.key) - position(b.line.key) || a.held - b.held)
    .map(({ line }) => line);
}

const isSellable = (line: ValuedLine) => line.pledged && line.kind === 'position';

export async function rankingView(db: Queryable, userId: number, t: Translate): Promise<RemedyRankingView> {
  const [{ ranking, saved }, lines] = await Promise.all([readRanking(db, userId), collateralLines(db, userId, t)]);
  const view = (line: ValuedLine) => ({ key: line.key, kind: line.kind, label: line.label, value: line.value });
  return {
    ranking,
    saved,
    pledge_lines: ranked(
      lines.filter((line) => !line.pledged),
      ranking.pledge_order,
    ).map(view),
    sell_lines: ranked(lines.filter(isSellable), ranking.sell_order).map(view),
  };
}

/** Saves her ranking; every line named must be hers (a fund line, for selling). */
export async function saveRanking(db: Queryable, userId: number, ranking: RemedyRanking, t: Translate, now: Date) {
  const lines = await collateralLines(db, userId, t);
  const keys = new Set(lines.map((line) => line.key));
  const funds = new Set(lines.filter((line) => line.kind === 'position').map((line) => line.key));
  if (ranking.pledge_order.some((key) => !keys.has(key)) || ranking.sell_order.some((key) => !funds.has(key)))
    throw new AppError('REMEDY_LINE_UNKNOWN');
  const values = {
    methods: ranking.methods,
    pledgeOrder: ranking.pledge_order,
    sellOrder: ranking.sell_order,
    updatedAt: now,
  };
  await db
    .insert(remedyRankings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: remedyRankings.userId, set: values });
}

/** A pledged fund line of the advance at today's NAV, with the product it sells. */
export interface PledgedFund extends SellableLine {
  productId: number;
  label: string;
}

/** The advance's pledged fund lines at their latest NAV (the units a sale can take). */
export async function pledgedFunds(db: Queryable, advanceId: number): Promise<PledgedFund[]> {
  const rows = await db
    .select()
    .from(advanceCollateral)
    .where(and(eq(advanceCollateral.advanceId, advanceId), isNull(advanceCollateral.releasedAt)))
    .orderBy(asc(advanceCollateral.id));
  const funds = rows.filter((row) => row.productId !== null && new Decimal(row.units).gt(0));
  const navs = await latestNavs(db, [...new Set(funds.map((row) => row.productId!))]);
  return funds.map((row) => {
    const price = navs.get(row.productId!)?.nav ?? row.unitPrice;
    return {
      key: `position:${row.productId}`,
      productId: row.productId!,
      label: `position:${row.productId}`,
      units: new Decimal(row.units).toFixed(6),
      unitPrice: new Decimal(price).toFixed(6),
      value: positionValue(row.units, price).toFixed(2),
      loanToValue: new Decimal(row.loanToValue).toFixed(4),
    };
  });
}

export interface Proposal {
  remedy: Remedy;
  /** The free lines a pledge step takes, valued as the customer sees them. */
  free: ValuedLine[];
  funds: PledgedFund[];
}

/** What her ranking does with a shortfall today (the `methods` override it for the bank's sale). */
export async function proposal(
  db: Queryable,
  input: { userId: number; advanceId: number; shortfall: string; t: Translate; methods?: RemedyRanking['methods'] },
): Promise<Proposal> {
  const [{ ranking }, lines, funds, balances] = await Promise.all([
    readRanking(db, input.userId),
    collateralLines(db, input.userId, input.t),
    pledgedFunds(db, input.advanceId),
    customerBalances(db, input.userId),
  ]);
  const free = ranked(
    lines.filter((line) => !line.pledged),
    ranking.pledge_order,
  );
  // Labels as the customer knows her lines (the pledged ones are listed among hers too).
  const labels = new Map(lines.map((line) => [line.key, line.label]));
  const sellable = ranked(funds, ranking.sell_order).map((fund) => ({
    ...fund,
    label: labels.get(fund.key) ?? fund.label,
  }));
  const remedy = proposeRemedy({
    shortfall: input.shortfall,
    methods: input.methods ?? ranking.methods,
    cash: balances.cash.available.toFixed(2),
    free: free.map((line) => ({ key: line.key, value: line.value, loanToValue: line.loan_to_value })),
    sellable,
  });
  return { remedy, free, funds: sellable };
}

/** The proposal as the advance page shows it, each line named. */
export function remedyView({ remedy, free, funds }: Proposal): RemedyView {
  const label = (key: string) =>
    free.find((l) => l.key === key)?.label ?? funds.find((l) => l.key === key)?.label ?? key;
  return {
    cures: remedy.cures,
    uncovered: remedy.uncovered,
    repayment: remedy.repayment,
    steps: remedy.steps.map((step) => (step.method === 'cash' ? step : { ...step, label: label(step.key) })),
  };
}

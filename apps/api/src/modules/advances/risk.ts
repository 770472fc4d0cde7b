// Margin risk of an advance, or of an amount before it is borrowed: the distance to a margin call overall
// and line by line, the crisis replay on the customer's own collateral and a custom fall, all from the
// shared `margin-risk` functions and the shared crisis figures, so every figure is the server's.
import { ADVANCE_STATUS } from '@lombard/shared/advance-status';
import { type AssetClass, MARKET_CRISES, productAssetClass, worstFall } from '@lombard/shared/data/market-crises';
import type { CollateralLine } from '@lombard/shared/money/borrowing-power';
import { dayOfCall, marginDistance, type StressedPosition, stressedPosition } from '@lombard/shared/money/margin-risk';
import type { AdvanceRisk, RiskPreviewQuery, StressResult } from '@lombard/shared/schemas/advance-risk';
import type { CollateralKind } from '@lombard/shared/schemas/advances';
import Decimal from 'decimal.js';
import type { Queryable } from '../../db/client';
import type { Translate } from '../../lib/i18n';
import { productsForOrders } from '../products/service';
import { plansByIds } from '../stock-plans/service';
import { checkPicked, collateralLines, type ValuedLine } from './collateral';
import { pledgedLinesNow } from './margin-calls';
import type { AdvanceRow } from './records';

/** A collateral line with what the replay needs: its label and how its kind of asset falls. */
export interface ClassedLine extends CollateralLine {
  kind: CollateralKind;
  label: string;
  assetClass: AssetClass;
}

const idOf = (key: string) => Number(key.split(':')[1]);

/** Labels and asset classes of lines known by key, value and loan-to-value. */
export async function classify(db: Queryable, lines: readonly CollateralLine[], t: Translate): Promise<ClassedLine[]> {
  const productIds = lines.filter((l) => l.key.startsWith('position:')).map((l) => idOf(l.key));
  const planIds = lines.filter((l) => l.key.startsWith('stock-plan:')).map((l) => idOf(l.key));
  const [products, plans] = await Promise.all([productsForOrders(db, productIds), plansByIds(db, planIds)]);
  return lines.map((line) => {
    if (line.key.startsWith('position:')) {
      const product = products.get(idOf(line.key));
      return {
        ...line,
        kind: 'position',
        label: t('advances:collateral.position', { name: product?.name ?? '', isin: product?.isin ?? '' }),
        // A product no longer known falls as shares: never safer than the worst fund.
        assetClass: product ? productAssetClass(product.category, product.riskIndicator) : 'equity',
      };
    }
    const plan = plans.get(idOf(line.key));
    return {
      ...line,
      kind: 'stock_plan',
      label: t('advances:collateral.stockPlan', { company: plan?.companyName ?? '', plan: plan?.planName ?? '' }),
      assetClass: 'single_stock',
    };
  });
}

function stressView(stressed: StressedPosition, callDate: string | null): StressResult {
  return {
    collateral_value: stressed.collateralValue,
    limit: stressed.limit,
    loan_to_value: stressed.loanToValue,
    call: stressed.call !== null,
    call_date: stressed.call ? callDate : null,
    shortfall: stressed.call?.shortfall ?? null,
    collateral_to_add: stressed.call?.collateralToAdd ?? null,
    free_contribution: stressed.freeContribution,
    free_value_to_pledge: stressed.freeValueToPledge,
    curable_by_pledge: stressed.curableByPledge,
  };
}

/** The whole risk view of a debt secured by `pledged`, with `free` lines the customer could still pledge. */
export function riskView(input: {
  outstanding: string;
  pledged: readonly ClassedLine[];
  free: readonly ClassedLine[];
  customFall?: string;
}): AdvanceRisk {
  const { outstanding, pledged, free } = input;
  const distance = marginDistance({
    outstanding,
    lines: pledged.map((l) => ({ ...l, typicalFall: worstFall(l.assetClass) })),
  });
  const stress = (fallOf: (line: ClassedLine) => string) =>
    stressedPosition({
      outstanding,
      pledged: pledged.map((l) => ({ ...l, fall: fallOf(l) })),
      free: free.map((l) => ({ ...l, fall: fallOf(l) })),
    });
  const classes = [...new Set(pledged.map((l) => l.assetClass))];
  const crises = MARKET_CRISES.map((crisis) => {
    const stressed = stress((line) => crisis.drawdowns[line.assetClass].fall);
    const callDate =
      distance.fall !== null && stressed.limitFall !== null
        ? dayOfCall({ threshold: distance.fall, trough: stressed.limitFall, start: crisis.start, end: crisis.end })
        : null;
    return {
      id: crisis.id,
      start: crisis.start,
      end: crisis.end,
      drawdowns: classes.map((assetClass) => ({ asset_class: assetClass, ...crisis.drawdowns[assetClass] })),
      result: stressView(stressed, callDate),
    };
  });
  const custom =
    input.customFall === undefined
      ? null
      : stressView(
          stress(() => input.customFall!),
          null,
        );
  return {
    outstanding: distance.outstanding,
    collateral_value: distance.collateralValue,
    limit: distance.limit,
    headroom: distance.headroom,
    loan_to_value: distance.loanToValue,
    limit_loan_to_value: distance.limitLoanToValue,
    in_call: distance.inCall,
    fall: distance.fall,
    fall_amount: distance.fallAmount,
    weak_line: distance.weakLine,
    lines: pledged.map((line, index) => {
      const figures = distance.lines[index]!;
      return {
        key: line.key,
        kind: line.kind,
        label: line.label,
        asset_class: line.assetClass,
        value: figures.value,
        loan_to_value: new Decimal(line.loanToValue).toFixed(4),
        contribution: figures.contribution,
        fall: figures.fall,
        fall_amount: figures.fallAmount,
        weak: distance.weakLine === line.key,
      };
    }),
    crises,
    custom,
  };
}

/** The free ones among the customer's lines at today's prices, classified. */
function freeOf(db: Queryable, lines: readonly ValuedLine[], t: Translate): Promise<ClassedLine[]> {
  return classify(
    db,
    lines
      .filter((line) => !line.pledged)
      .map((line) => ({ key: line.key, value: line.value, loanToValue: line.loan_to_value })),
    t,
  );
}

/** The principal a call is measured against: owed once paid out, the amount asked for until then. */
const debtOf = (row: AdvanceRow) =>
  new Decimal(row.status === ADVANCE_STATUS.active ? row.outstanding : row.amount).toFixed(2);

/** The risk of one of the customer's advances at today's prices, with an optional custom fall. */
export async function advanceRisk(db: Queryable, row: AdvanceRow, t: Translate, customFall?: string) {
  const [pledged, free] = await Promise.all([
    pledgedLinesNow(db, row.id).then((lines) => classify(db, lines, t)),
    collateralLines(db, row.userId, t).then((lines) => freeOf(db, lines, t)),
  ]);
  return riskView({ outstanding: debtOf(row), pledged, free, customFall });
}

/** Before borrowing: the risk of `amount` secured by the picked free lines (all of them when none is picked). */
export async function riskPreview(db: Queryable, userId: number, t: Translate, query: RiskPreviewQuery) {
  const all = await collateralLines(db, userId, t);
  if (query.collateral) checkPicked(all, query.collateral);
  const lines = await freeOf(db, all, t);
  const picked = query.collateral ? lines.filter((l) => query.collateral!.includes(l.key)) : lines;
  const rest = lines.filter((l) => !picked.includes(l));
  return riskView({
    outstanding: new Decimal(query.amount).toFixed(2),
    pledged: picked,
    free: rest,
    customFall: query.fall,
  });
}

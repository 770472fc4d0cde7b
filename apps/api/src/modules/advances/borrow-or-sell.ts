// Deciding whether to borrow: an advance of the amount over the term beside a sale of free fund units that
// nets the same amount after tax, and the APR of a quote or an advance explained from its dated flows.
// Estimates from the shared money functions (docs/decisions/036); nothing moves.

import type { AdvanceQuote } from '@lombard/shared/money/advance-calculator';
import { explainApr } from '@lombard/shared/money/apr-explanation';
import { planSale } from '@lombard/shared/money/borrow-or-sell';
import { calendarDate } from '@lombard/shared/money/business-days';
import { CAPITAL_GAINS_TAX_RATE, GOVERNMENT_BOND_TAX_RATE } from '@lombard/shared/money/capital-gains-tax';
import type { AprExplanation, BorrowOrSell, BorrowOrSellQuery } from '@lombard/shared/schemas/borrow-or-sell';
import Decimal from 'decimal.js';
import type { Queryable } from '../../db/client';
import type { FlowContext } from '../../lib/flow-context';
import { advanceSettings } from '../config/service';
import { collateralLines, powerOf } from './collateral';
import { bankMaximumAdvance } from './config';
import type { AdvanceRow } from './records';
import { ownRate, priceAdvance } from './request-service';
import { lossesCarriedForward, sellableLines } from './sale-lines';

type Context = Pick<FlowContext, 'today' | 't' | 'language'>;

export async function borrowOrSell(
  db: Queryable,
  context: Context,
  userId: number,
  query: BorrowOrSellQuery,
): Promise<BorrowOrSell> {
  const settings = await advanceSettings(db, context.today);
  // The advance's quote first: an amount or term outside the calculator's range is a 400 before any read.
  const quote = priceAdvance(query.amount, query.term, context.today, settings.bands, context.language);
  const [free, losses, collateral, bankMaximum] = await Promise.all([
    sellableLines(db, userId, context.today, 'free'),
    lossesCarriedForward(db, userId, context.today),
    collateralLines(db, userId, context.t),
    bankMaximumAdvance(db),
  ]);
  const maximum = powerOf(collateral, bankMaximum).maximumAmount;
  const plan = planSale({
    need: quote.amount,
    lines: free,
    lossesCarriedForward: losses,
    today: context.today,
    termMonths: quote.instalments * 3,
  });
  const canBorrow = new Decimal(quote.amount).lte(maximum) && new Decimal(quote.amount).gte(settings.minimum);
  const borrowCost = new Decimal(quote.totalInterest);
  const sellCost = new Decimal(plan.totalCost);
  const both = canBorrow && plan.enough;
  const byKey = new Map(free.map((line) => [line.key, line]));
  return {
    amount: quote.amount,
    term: quote.instalments,
    term_end: quote.maturityDate,
    borrow: {
      annual_rate: quote.annualRate,
      apr: quote.apr,
      quarterly_interest: quote.quarterlyInterest,
      total_interest: quote.totalInterest,
      total_cost: borrowCost.toFixed(2),
      maximum,
      possible: canBorrow,
    },
    sell: {
      lines: plan.lines.map((line) => {
        const source = byKey.get(line.key)!;
        return {
          product_id: source.productId,
          label: source.label,
          units: line.units,
          proceeds: line.proceeds,
          cost: line.cost,
          gain: line.gain,
          tax: line.tax,
          coupons_given_up: line.couponsGivenUp,
          protection_given_up: line.protectionGivenUp,
          buy_back_cost: line.buyBackCost,
          government_bond_share: source.governmentBondShare,
        };
      }),
      proceeds: plan.proceeds,
      tax: plan.tax,
      net: plan.net,
      coupons_given_up: plan.couponsGivenUp,
      protection_given_up: plan.protectionGivenUp,
      buy_back_cost: plan.buyBackCost,
      total_cost: plan.totalCost,
      losses_carried_forward: plan.lossesCarriedForward,
      losses_after: plan.lossesAfter,
      possible: plan.enough,
    },
    cheaper: !both || borrowCost.eq(sellCost) ? null : borrowCost.lt(sellCost) ? 'borrow' : 'sell',
    difference: borrowCost.minus(sellCost).abs().toFixed(2),
    tax_rates: { standard: CAPITAL_GAINS_TAX_RATE, government_bonds: GOVERNMENT_BOND_TAX_RATE },
  };
}

function explanationView(quote: AdvanceQuote): AprExplanation {
  const explained = explainApr(quote);
  return {
    amount: quote.amount,
    apr: explained.apr,
    annual_rate: quote.annualRate,
    flows: explained.flows.map((flow) => ({
      date: flow.date,
      kind: flow.kind,
      number: flow.number,
      interest: flow.interest,
      principal: flow.principal,
      amount: flow.amount,
      years: flow.years,
      discount_factor: flow.discountFactor,
      present_value: flow.presentValue,
    })),
    payout_present_value: explained.payoutPresentValue,
    repayments_present_value: explained.repaymentsPresentValue,
  };
}

/** A new quote's APR explained: priced as the quote route prices it, at the bands in force today. */
export async function explainQuoteApr(db: Queryable, context: Context, amount: string, instalments: number) {
  const settings = await advanceSettings(db, context.today);
  return explanationView(priceAdvance(amount, instalments, context.today, settings.bands, context.language));
}

/**
 * An advance's APR explained: the contract's APR was computed when it was requested, on a schedule paid
 * out that day at its own rate, so the same quote is drawn again from that day.
 */
export function explainAdvanceApr(row: AdvanceRow): AprExplanation {
  const requested = calendarDate(row.createdAt);
  return explanationView(priceAdvance(new Decimal(row.amount).toFixed(2), row.instalments, requested, ownRate(row)));
}

// The APR explained: the dated flows an advance's APR is solved from, each with its time in years as the
// directive counts it, its discount factor (1 + X)^−t at the APR and its present value, so the customer
// can see that what she receives and what she pays back are worth the same at that rate.
import Decimal from 'decimal.js';
import { annualPercentageRate, yearFraction } from './advance-apr';
import { type AdvanceQuote, aprCashFlows } from './advance-calculator';

const D = Decimal.clone({ precision: 30, rounding: Decimal.ROUND_HALF_UP });

export interface ExplainedFlow {
  date: string;
  /** What the flow is: the payout to the customer, or an instalment's interest and principal. */
  kind: 'payout' | 'instalment';
  /** Instalment number (1-based); null for the payout. */
  number: number | null;
  interest: string;
  principal: string;
  /** Money received by the customer (payout) or paid by her (instalment), positive. */
  amount: string;
  /** t: years from the payout, six decimals. */
  years: string;
  /** (1 + X)^−t at the APR, eight decimals. */
  discountFactor: string;
  /** amount × discount factor, half-up to the cent. */
  presentValue: string;
}

export interface AprExplanation {
  apr: string;
  flows: ExplainedFlow[];
  /** Σ of the payout's present value (left side) and of the repayments' (right side): equal to the cent, up to the APR's rounding. */
  payoutPresentValue: string;
  repaymentsPresentValue: string;
}

/** The explanation of a quote's APR, from the same flows and the same solver that priced it. */
export function explainApr(quote: AdvanceQuote): AprExplanation {
  const flows = aprCashFlows(quote.amount, quote.startDate, quote.schedule);
  const apr = annualPercentageRate(flows);
  if (apr !== quote.apr) throw new Error(`APR ${apr} differs from the quote's ${quote.apr}`);
  const base = new D(apr).plus(1);
  const explained = flows.map((flow, index): ExplainedFlow => {
    const years = yearFraction(quote.startDate, flow.date);
    const factor = base.pow(years.neg());
    const amount = new D(flow.amount).abs();
    const row = index === 0 ? null : quote.schedule[index - 1]!;
    return {
      date: flow.date,
      kind: row ? 'instalment' : 'payout',
      number: row ? row.number : null,
      interest: row ? row.interest : '0.00',
      principal: row ? row.principal : '0.00',
      amount: amount.toFixed(2),
      years: years.toDecimalPlaces(6).toFixed(6),
      discountFactor: factor.toDecimalPlaces(8).toFixed(8),
      presentValue: amount.mul(factor).toDecimalPlaces(2).toFixed(2),
    };
  });
  const [payout, ...repayments] = explained;
  const repaid = repayments.reduce((sum, flow) => sum.plus(flow.presentValue), new D(0));
  return {
    apr,
    flows: explained,
    payoutPresentValue: payout!.presentValue,
    repaymentsPresentValue: repaid.toFixed(2),
  };
}

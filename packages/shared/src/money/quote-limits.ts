// Figures about a price list as a whole, priced with the one calculator (advance-calculator.ts): the
// representative example the public pages advertise, and the highest APR a list can quote, which the
// operator settings check against the usury threshold.
import { MAX_INSTALMENTS, MIN_INSTALMENTS, REPRESENTATIVE_EXAMPLE } from '../constants';
import { type AdvanceQuote, quoteAdvance } from './advance-calculator';
import type { RateBand } from './rate-bands';

const cents = (amount: string) => BigInt(amount.replace('.', ''));

/**
 * The representative example on `today`: REPRESENTATIVE_EXAMPLE's amount and term at the bands in force,
 * the amount kept within the smallest and the largest advance offered (an example must be one the
 * customer could actually get).
 */
export function representativeExample(
  bands: readonly RateBand[],
  limits: { minimum: string; maximum: string },
  today: string,
): AdvanceQuote {
  let amount: string = REPRESENTATIVE_EXAMPLE.amount;
  if (cents(amount) < cents(limits.minimum)) amount = limits.minimum;
  if (cents(amount) > cents(limits.maximum)) amount = limits.maximum;
  return quoteAdvance({ amount, instalments: REPRESENTATIVE_EXAMPLE.instalments, startDate: today }, bands);
}

export interface HighestApr {
  apr: string;
  /** The band (its index) and the term of the quote with that APR. */
  band: number;
  instalments: number;
}

/**
 * The highest APR any quote of these bands can have when paid out on `startDate`: each band at its
 * smallest amount (where rounding the instalment to the cent weighs most), over every term.
 */
export function highestApr(bands: readonly RateBand[], minimum: string, startDate: string): HighestApr[] {
  return bands.map((band, index) => {
    const amount = index === 0 || cents(band.from) < cents(minimum) ? minimum : band.from;
    let best: HighestApr = { apr: '0', band: index, instalments: MIN_INSTALMENTS };
    for (let instalments = MIN_INSTALMENTS; instalments <= MAX_INSTALMENTS; instalments++) {
      const { apr } = quoteAdvance({ amount, instalments, startDate }, [{ from: '0.00', annualRate: band.annualRate }]);
      if (Number(apr) > Number(best.apr)) best = { apr, band: index, instalments };
    }
    return best;
  });
}

// An estimate of the Italian tax withheld on a sale of fund units, so that borrowing can be compared with
// selling (docs/decisions/036). It is an estimate shown as such, never tax advice:
//   - Gains are taxed at 26 %; the part of a fund's gain that comes from government bonds (Italian and
//     white-list states) at 12.5 %. Funds report that part as the share of such bonds in their assets,
//     so the gain is split by the product's `government_bond_share`. Equivalently the taxable base is
//     reduced by 51.92 % (1 − 12.5/26) of that share, which is how a loss is counted too.
//   - A gain on fund units is "income from capital" (redditi di capitale): losses, old or new, never
//     offset it. A loss on fund units, and a gain or loss on other securities (shares), are "other
//     income" (redditi diversi): losses offset gains of that kind, and what is left is carried forward
//     for the year and the four after. So a customer's losses carried forward lower the tax on a sale of
//     shares, not on a sale of fund units; the loss a fund sale makes is added to them.
import Decimal from 'decimal.js';

const D = Decimal.clone({ precision: 30, rounding: Decimal.ROUND_HALF_UP });

export const CAPITAL_GAINS_TAX_RATE = '0.26';
export const GOVERNMENT_BOND_TAX_RATE = '0.125';
/** Losses can be used in the year they are made and the four after it. */
export const LOSS_CARRY_FORWARD_YEARS = 4;

/** What a sale's gain is under Italian tax: fund units' gains are income from capital, shares' other income. */
export type GainKind = 'fund' | 'share';

export interface TaxedSaleLine {
  kind: GainKind;
  /** What the sale pays, a decimal string in EUR. */
  proceeds: string;
  /** The cost of the units sold (average cost from the ledger). */
  cost: string;
  /** Share of the product's assets in government bonds, a fraction from 0 to 1. */
  governmentBondShare: string;
}

export interface TaxedLine {
  /** proceeds − cost; negative for a loss. */
  gain: string;
  /** The gain's part taxed at 12.5 % (government bonds) and at 26 %. */
  bondGain: string;
  otherGain: string;
  tax: string;
}

export interface SaleTax {
  lines: TaxedLine[];
  /** Tax withheld on the whole sale, half-up to the cent. */
  tax: string;
  /** Losses carried forward used against the sale's gains of other income. */
  lossesUsed: string;
  /** Losses left to carry forward after the sale (what was there, less what was used, plus new losses). */
  lossesAfter: string;
}

/** The bond share checked: a fraction from 0 to 1. */
function bondShare(value: string): Decimal {
  const share = new D(value);
  if (share.isNegative() || share.gt(1)) throw new RangeError(`government bond share out of range: ${value}`);
  return share;
}

/** The part of a gain or loss that counts at 26 %: the bond share counts for 12.5/26 of itself. */
export function taxableEquivalent(amount: Decimal.Value, governmentBondShare: string): Decimal {
  const share = bondShare(governmentBondShare);
  const bondWeight = new D(GOVERNMENT_BOND_TAX_RATE).div(CAPITAL_GAINS_TAX_RATE);
  return new D(amount).mul(new D(1).minus(share).plus(share.mul(bondWeight)));
}

/**
 * The tax a sale would pay. Each fund line with a gain pays 26 % on its gain outside government bonds
 * and 12.5 % on the part within (the split rounded half-up to the cent, the tax of each part too). Losses
 * carried forward, plus the losses the sale itself makes, are set against the share lines' gains (counted
 * at 26 %, after their own bond share); the rest of the share gains is taxed at 26 %.
 */
export function estimateSaleTax(lines: readonly TaxedSaleLine[], lossesCarriedForward = '0'): SaleTax {
  let pool = new D(lossesCarriedForward);
  if (pool.isNegative()) throw new RangeError('losses carried forward cannot be negative');
  const carried = pool;
  const taxed: TaxedLine[] = [];
  let total = new D(0);
  // Losses first: a loss made in the same sale offsets a share's gain in it.
  for (const line of lines) {
    const gain = new D(line.proceeds).minus(line.cost);
    if (gain.isNegative()) pool = pool.plus(taxableEquivalent(gain.neg(), line.governmentBondShare).toDecimalPlaces(2));
  }
  const poolWithSaleLosses = pool;
  for (const line of lines) {
    const gain = new D(line.proceeds).minus(line.cost);
    const share = bondShare(line.governmentBondShare);
    if (gain.lte(0)) {
      taxed.push({ gain: gain.toFixed(2), bondGain: '0.00', otherGain: '0.00', tax: '0.00' });
      continue;
    }
    const bondGain = gain.mul(share).toDecimalPlaces(2);
    const otherGain = gain.minus(bondGain);
    let tax: Decimal;
    if (line.kind === 'fund') {
      tax = bondGain
        .mul(GOVERNMENT_BOND_TAX_RATE)
        .toDecimalPlaces(2)
        .plus(otherGain.mul(CAPITAL_GAINS_TAX_RATE).toDecimalPlaces(2));
    } else {
      const base = taxableEquivalent(gain, line.governmentBondShare).toDecimalPlaces(2);
      const offset = Decimal.min(base, pool);
      pool = pool.minus(offset);
      tax = base.minus(offset).mul(CAPITAL_GAINS_TAX_RATE).toDecimalPlaces(2);
    }
    total = total.plus(tax);
    taxed.push({
      gain: gain.toFixed(2),
      bondGain: bondGain.toFixed(2),
      otherGain: otherGain.toFixed(2),
      tax: tax.toFixed(2),
    });
  }
  // The sale's own losses are used first, then those carried forward.
  const offset = poolWithSaleLosses.minus(pool);
  const saleLosses = poolWithSaleLosses.minus(carried);
  const fromCarried = Decimal.max(0, offset.minus(saleLosses));
  return {
    lines: taxed,
    tax: total.toFixed(2),
    lossesUsed: fromCarried.toFixed(2),
    lossesAfter: pool.toFixed(2),
  };
}

/** The first tax year whose losses can still be used in `year`. */
export const oldestUsableLossYear = (year: number) => year - LOSS_CARRY_FORWARD_YEARS;

// Past market falls, peak to trough, by asset class: what the crisis replay runs a customer's collateral
// through. Historical figures, never a forecast: the next fall may be deeper, shallower or elsewhere. Each
// figure names its source index and the days it was measured between; the exact ones are computed from
// the index closes noted beside them (1 − trough ÷ peak, four decimals, half-up); `approximate` marks the
// ones read off published charts and reports rather than computed from index closes, shown as such.
//
// A product falls as its asset class, the riskier of what its category and its risk indicator (SRI 1–7)
// say, so a product is never treated as safer than its indicator; company stock units fall as a single
// share, measured on the euro area's large companies (a single company can fall further still).
import Decimal from 'decimal.js';
import type { ProductCategory } from '../product-catalogue';

export const ASSET_CLASSES = ['money_market', 'bond', 'balanced', 'equity', 'single_stock'] as const;
export type AssetClass = (typeof ASSET_CLASSES)[number];

export interface Drawdown {
  /** The fall, peak to trough, as a fraction ("0.5700" for −57 %). */
  fall: string;
  /** The index or fund category measured. */
  source: string;
  from: string;
  to: string;
  approximate: boolean;
}

export interface MarketCrisis {
  id: string;
  /** The headline window, the world's equity market's fall: where a steady fall is dated. */
  start: string;
  end: string;
  drawdowns: Record<AssetClass, Drawdown>;
}

const MSCI_WORLD = 'MSCI World (price, USD)';
const EURO_STOXX_50 = 'EURO STOXX 50 (price)';

/**
 * A balanced product holds about half shares and half bonds: its fall is taken as the mean of the two,
 * over the longer of their windows, and marked as derived (approximate).
 */
function balanced(equity: Drawdown, bond: Drawdown): Drawdown {
  return {
    fall: new Decimal(equity.fall).plus(bond.fall).div(2).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4),
    source: `50 % ${equity.source} + 50 % ${bond.source}`,
    from: equity.from < bond.from ? equity.from : bond.from,
    to: equity.to > bond.to ? equity.to : bond.to,
    approximate: true,
  };
}

function crisis(
  id: string,
  figures: Omit<Record<AssetClass, Drawdown>, 'balanced'>,
): MarketCrisis {
  return {
    id,
    start: figures.equity.from,
    end: figures.equity.to,
    drawdowns: { ...figures, balanced: balanced(figures.equity, figures.bond) },
  };
}

export const MARKET_CRISES: readonly MarketCrisis[] = [
  crisis('gfc-2008', {
    // 1,682.35 → 688.64 at the close.
    equity: { fall: '0.5907', source: MSCI_WORLD, from: '2007-10-31', to: '2009-03-09', approximate: false },
    // 4,557.57 → 1,809.98 at the close.
    single_stock: { fall: '0.6029', source: EURO_STOXX_50, from: '2007-07-16', to: '2009-03-09', approximate: false },
    bond: {
      fall: '0.0500',
      source: 'Euro investment-grade corporate bonds (ICE BofA Euro Corporate)',
      from: '2008-09-01',
      to: '2008-10-31',
      approximate: true,
    },
    money_market: {
      fall: '0.0100',
      source: 'Euro enhanced money-market funds',
      from: '2008-09-01',
      to: '2008-12-31',
      approximate: true,
    },
  }),
  crisis('euro-debt-2011', {
    equity: { fall: '0.2100', source: MSCI_WORLD, from: '2011-05-02', to: '2011-10-03', approximate: true },
    // 3,068.00 → 1,995.01 at the close.
    single_stock: { fall: '0.3497', source: EURO_STOXX_50, from: '2011-02-18', to: '2011-09-12', approximate: false },
    bond: {
      fall: '0.1200',
      source: 'Italian government bonds (BTP), all maturities',
      from: '2011-07-01',
      to: '2011-11-09',
      approximate: true,
    },
    money_market: {
      fall: '0.0000',
      source: 'Euro money-market funds',
      from: '2011-07-01',
      to: '2011-11-09',
      approximate: true,
    },
  }),
  crisis('covid-2020', {
    // 2,434.92 → 1,602.11 at the close.
    equity: { fall: '0.3420', source: MSCI_WORLD, from: '2020-02-12', to: '2020-03-23', approximate: false },
    // 3,865.18 → 2,385.82 at the close.
    single_stock: { fall: '0.3827', source: EURO_STOXX_50, from: '2020-02-19', to: '2020-03-18', approximate: false },
    bond: {
      fall: '0.0700',
      source: 'Euro investment-grade corporate bonds (iBoxx € Corporates)',
      from: '2020-03-09',
      to: '2020-03-23',
      approximate: true,
    },
    money_market: {
      fall: '0.0050',
      source: 'Euro standard money-market funds',
      from: '2020-03-09',
      to: '2020-03-23',
      approximate: true,
    },
  }),
  crisis('rates-2022', {
    equity: { fall: '0.2600', source: MSCI_WORLD, from: '2022-01-03', to: '2022-10-12', approximate: true },
    // 4,392.15 → 3,279.04 at the close.
    single_stock: { fall: '0.2534', source: EURO_STOXX_50, from: '2022-01-05', to: '2022-09-29', approximate: false },
    // The calendar year's total return: −17.17 %.
    bond: {
      fall: '0.1717',
      source: 'Bloomberg Euro Aggregate (total return)',
      from: '2021-12-31',
      to: '2022-12-30',
      approximate: false,
    },
    money_market: {
      fall: '0.0000',
      source: 'Euro money-market funds',
      from: '2021-12-31',
      to: '2022-12-30',
      approximate: true,
    },
  }),
];

export type MarketCrisisId = (typeof MARKET_CRISES)[number]['id'];

const ORDER: Record<AssetClass, number> = { money_market: 0, bond: 1, balanced: 2, equity: 3, single_stock: 4 };
const CATEGORY_CLASS: Record<ProductCategory, AssetClass> = {
  money_market: 'money_market',
  bond: 'bond',
  balanced: 'balanced',
  equity: 'equity',
};

/** The class a risk indicator alone stands for: 1 cash-like, 2–3 bonds, 4 balanced, 5–7 shares. */
function classOfIndicator(riskIndicator: number): AssetClass {
  if (riskIndicator <= 1) return 'money_market';
  if (riskIndicator <= 3) return 'bond';
  if (riskIndicator === 4) return 'balanced';
  return 'equity';
}

/** A product's asset class: the riskier of its category's and its risk indicator's. */
export function productAssetClass(category: string, riskIndicator: number): AssetClass {
  const byCategory = CATEGORY_CLASS[category as ProductCategory] ?? 'equity';
  const byIndicator = classOfIndicator(riskIndicator);
  return ORDER[byIndicator] > ORDER[byCategory] ? byIndicator : byCategory;
}

/** The worst fall of an asset class among the crises: what weighs a line in the choice of the weak one. */
export function worstFall(assetClass: AssetClass): string {
  const falls = MARKET_CRISES.map((c) => new Decimal(c.drawdowns[assetClass].fall));
  return Decimal.max(0, ...falls).toFixed(4);
}

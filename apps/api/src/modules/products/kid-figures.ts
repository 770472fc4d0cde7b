// The numbers of a Key Information Document, from the product and its NAV history: performance
// scenarios on a 10,000 € investment and what the costs take over time. Decimal arithmetic throughout.
import Decimal from 'decimal.js';

export const KID_EXAMPLE_INVESTMENT = new Decimal(10_000);
const TRADING_DAYS_PER_YEAR = 252;

/** Quantiles of the normal distribution the scenarios stand at; stress also widens the spread. */
const SCENARIOS = [
  { key: 'stress', z: new Decimal('-1.645'), spread: new Decimal('1.5') },
  { key: 'unfavourable', z: new Decimal('-1.2816'), spread: new Decimal(1) },
  { key: 'moderate', z: new Decimal(0), spread: new Decimal(1) },
  { key: 'favourable', z: new Decimal('1.2816'), spread: new Decimal(1) },
] as const;
export type ScenarioKey = (typeof SCENARIOS)[number]['key'];

export interface ScenarioOutcome {
  key: ScenarioKey;
  /** What the example investment could be worth, net of costs, after one year and after the holding period. */
  oneYear: { value: Decimal; yearly: Decimal };
  holding: { value: Decimal; yearly: Decimal };
}

/** Mean and standard deviation of the daily log returns of the NAVs (ascending). */
export function dailyReturnStats(navs: string[]): { mean: Decimal; deviation: Decimal } | null {
  if (navs.length < 3) return null;
  const returns: Decimal[] = [];
  for (let i = 1; i < navs.length; i++) returns.push(new Decimal(navs[i]!).div(navs[i - 1]!).ln());
  const mean = returns.reduce((sum, r) => sum.plus(r), new Decimal(0)).div(returns.length);
  const variance = returns.reduce((sum, r) => sum.plus(r.minus(mean).pow(2)), new Decimal(0)).div(returns.length - 1);
  return { mean, deviation: variance.sqrt() };
}

function outcome(
  stats: { mean: Decimal; deviation: Decimal },
  scenario: (typeof SCENARIOS)[number],
  years: number,
  entryCost: Decimal,
) {
  const days = new Decimal(TRADING_DAYS_PER_YEAR * years);
  const exponent = stats.mean.mul(days).plus(scenario.z.mul(stats.deviation).mul(scenario.spread).mul(days.sqrt()));
  const value = KID_EXAMPLE_INVESTMENT.mul(new Decimal(1).minus(entryCost)).mul(exponent.exp());
  const yearly = value.div(KID_EXAMPLE_INVESTMENT).pow(new Decimal(1).div(years)).minus(1);
  return { value: value.toDecimalPlaces(0, Decimal.ROUND_HALF_EVEN), yearly };
}

/** The four scenarios, or null when the history is too short to say anything. */
export function performanceScenarios(
  navs: string[],
  holdingYears: number,
  entryCost: string,
): ScenarioOutcome[] | null {
  const stats = dailyReturnStats(navs);
  if (!stats) return null;
  const cost = new Decimal(entryCost);
  return SCENARIOS.map((scenario) => ({
    key: scenario.key,
    oneYear: outcome(stats, scenario, 1, cost),
    holding: outcome(stats, scenario, holdingYears, cost),
  }));
}

/**
 * Costs on the example investment, with no growth assumed: the entry cost once, the yearly fee on what
 * is invested after it, for each year held; and what that takes from the return each year.
 */
export function costsOverTime(entryCost: string, annualFee: string, years: number) {
  const entry = KID_EXAMPLE_INVESTMENT.mul(entryCost);
  const invested = KID_EXAMPLE_INVESTMENT.minus(entry);
  const at = (held: number) => {
    const total = entry.plus(invested.mul(annualFee).mul(held));
    return {
      total: total.toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN),
      yearlyImpact: total.div(KID_EXAMPLE_INVESTMENT).div(held),
    };
  };
  return { entry: entry.toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN), oneYear: at(1), holding: at(years) };
}

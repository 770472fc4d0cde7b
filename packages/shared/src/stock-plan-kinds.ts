// The statuses and price sources of a stock plan, apart from its schemas (schemas/stock-plans.ts): pages
// that only read answers import them and must not bring zod with them (docs/decisions/016).

/** submitted: waiting for an operator; verified: pledgeable; rejected: refused with a reason. */
export const STOCK_PLAN_STATUSES = ['submitted', 'verified', 'rejected'] as const;
export type StockPlanStatus = (typeof STOCK_PLAN_STATUSES)[number];

/** Where the unit price comes from: the market's last close, or the employer's own valuation. */
export const STOCK_PLAN_PRICE_SOURCES = ['market_close', 'employer_valuation'] as const;
export type StockPlanPriceSource = (typeof STOCK_PLAN_PRICE_SOURCES)[number];

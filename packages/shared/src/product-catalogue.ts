// The signed-in catalogue's categories, NAV periods, sorts and paths, apart from its schemas
// (schemas/products.ts): pages that only read answers import them and must not bring zod with them
// (docs/decisions/016).

export const PRODUCT_CATEGORIES = ['money_market', 'bond', 'balanced', 'equity'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** Periods of the NAV chart; longer ones are thinned out to at most NAV_CHART_MAX_POINTS. */
export const NAV_PERIODS = ['1m', '6m', '1y', '2y', 'max'] as const;
export type NavPeriod = (typeof NAV_PERIODS)[number];
export const NAV_CHART_MAX_POINTS = 260;

/** Sorts the customers' product list offers. */
export const PRODUCT_SORTS = [
  '-performance_ytd',
  'performance_ytd',
  'min_investment',
  '-min_investment',
  'name',
] as const;

/** Base paths of the signed-in catalogue and of the back office's products. */
export const PRODUCTS_API_PATH = '/api/v1/products/';
export const BACKOFFICE_PRODUCTS_API_PATH = '/api/v1/backoffice/products/';

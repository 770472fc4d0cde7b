// List query strings and bulk selections, shared by the web kit and its tests: page, per_page and
// order_by__ plus filters; true/false become True/False, empty or null filters are dropped, lists become
// comma lists (for `__in`); select-all sends excluded ids, otherwise selected ids.
import { DEFAULT_PAGE, DEFAULT_PER_PAGE } from './constants';

export const ORDER_BY_PARAM = 'order_by__';

export type FilterValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;
export type Filters = Record<string, FilterValue>;

export interface ListQuery {
  page?: number;
  perPage?: number;
  /** Field names, `-field` for descending. */
  orderBy?: string | readonly string[] | null;
  filters?: Filters;
}

/** One filter value as the API reads it, or null when the filter should be dropped. */
export function filterParam(value: FilterValue): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (Array.isArray(value)) {
    const items = value.map((v) => String(v).trim()).filter((v) => v !== '');
    return items.length > 0 ? items.join(',') : null;
  }
  const text = String(value).trim();
  return text === '' ? null : text;
}

/** Filters with the empty ones dropped and every value in its wire form. */
export function normalizeFilters(filters: Filters = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    const param = filterParam(value);
    if (param !== null) out[key] = param;
  }
  return out;
}

export function orderByParam(orderBy: ListQuery['orderBy']): string | null {
  if (!orderBy) return null;
  const terms = (typeof orderBy === 'string' ? orderBy.split(',') : [...orderBy]).map((t) => t.trim()).filter(Boolean);
  return terms.length > 0 ? terms.join(',') : null;
}

/** `?page=2&per_page=25&order_by__=-created_at&status=1` — keys in a stable order. */
export function buildListQuery(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  params.set('page', String(query.page ?? DEFAULT_PAGE));
  params.set('per_page', String(query.perPage ?? DEFAULT_PER_PAGE));
  const order = orderByParam(query.orderBy);
  if (order) params.set(ORDER_BY_PARAM, order);
  const filters = normalizeFilters(query.filters);
  for (const key of Object.keys(filters).sort()) params.set(key, filters[key]!);
  return params;
}

function positive(value: string | null, fallback: number, allowed?: readonly number[]): number {
  if (!value || !/^\d+$/.test(value)) return fallback;
  const number = Number(value);
  if (number < 1) return fallback;
  return allowed && !allowed.includes(number) ? fallback : number;
}

/**
 * Reads a list's state back from a URL query (the address bar), so that a list can be linked and
 * reloaded. Defaults are left out when writing, and filled in when reading.
 */
export function parseListQuery(
  search: string | URLSearchParams,
  options: { perPageOptions?: readonly number[]; defaultPerPage?: number } = {},
): Required<Pick<ListQuery, 'page' | 'perPage'>> & { orderBy: string | null; filters: Record<string, string> } {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const filters: Record<string, string> = {};
  for (const [key, value] of params) {
    if (key === 'page' || key === 'per_page' || key === ORDER_BY_PARAM) continue;
    const param = filterParam(value);
    if (param !== null) filters[key] = param;
  }
  return {
    page: positive(params.get('page'), DEFAULT_PAGE),
    perPage: positive(params.get('per_page'), options.defaultPerPage ?? DEFAULT_PER_PAGE, options.perPageOptions),
    orderBy: orderByParam(params.get(ORDER_BY_PARAM)),
    filters,
  };
}

/** The address-bar form of a list state: like buildListQuery, without the defaults. */
export function listStateToSearch(
  state: { page: number; perPage: number; orderBy: string | null; filters: Filters },
  options: { defaultPerPage?: number } = {},
): string {
  const params = buildListQuery({
    page: state.page,
    perPage: state.perPage,
    orderBy: state.orderBy,
    filters: state.filters,
  });
  if (state.page === DEFAULT_PAGE) params.delete('page');
  if (state.perPage === (options.defaultPerPage ?? DEFAULT_PER_PAGE)) params.delete('per_page');
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Header click: none → ascending → descending → none. */
export function nextOrder(current: string | null | undefined, field: string): string | null {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return null;
  return field;
}

export type Id = string | number;

export interface Selection {
  /** Select-all mode: every row matching the filters, on every page. */
  all: boolean;
  /** Rows ticked (normal mode) or unticked (select-all mode). */
  ids: readonly Id[];
}

export type BulkPayload =
  | { filtered_ids: Id[]; filters: Record<string, string> }
  | { excluded_ids: Id[]; filters: Record<string, string> };

/** Select-all mode sends `excluded_ids`, otherwise the selected ids as `filtered_ids`. */
export function bulkPayload(selection: Selection, filters: Filters = {}, orderBy?: string | null): BulkPayload {
  const wire = normalizeFilters(filters);
  const order = orderByParam(orderBy);
  if (order) wire[ORDER_BY_PARAM] = order;
  return selection.all
    ? { excluded_ids: [...selection.ids], filters: wire }
    : { filtered_ids: [...selection.ids], filters: wire };
}

/** How many rows a selection covers, given the count of filtered rows. */
export function selectionSize(selection: Selection, count: number): number {
  return selection.all ? Math.max(0, count - selection.ids.length) : selection.ids.length;
}

// The state of a list — page, page size, order, filters — kept in the URL query so that a list can be
// linked and survives a reload, or in memory for lists that are not the page's main one.
import { DEFAULT_PER_PAGE, PER_PAGE_OPTIONS } from '@lombard/shared/constants';
import { type Filters, listStateToSearch, parseListQuery } from '@lombard/shared/query-string';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

export interface ListState {
  page: number;
  perPage: number;
  orderBy: string | null;
  filters: Record<string, string>;
}

export interface ListStateControls {
  state: ListState;
  setPage(page: number, options?: { replace?: boolean }): void;
  setPerPage(perPage: number): void;
  setOrderBy(orderBy: string | null): void;
  /** Replaces some filters (empty values remove them) and goes back to page 1. */
  setFilters(changes: Filters): void;
  resetFilters(): void;
}

export interface ListStateOptions {
  /** Keep the state in the address bar (default) or in memory. */
  bindToUrl?: boolean;
  defaultOrder?: string | null;
  defaultPerPage?: number;
  /** Filters always applied and never shown in the URL (e.g. the list's fixed scope). */
  initialFilters?: Record<string, string>;
}

function merge(current: Record<string, string>, changes: Filters): Filters {
  return { ...current, ...changes };
}

export function useListState(options: ListStateOptions = {}): ListStateControls {
  const bindToUrl = options.bindToUrl ?? true;
  const defaultPerPage = options.defaultPerPage ?? DEFAULT_PER_PAGE;
  const [searchParams, setSearchParams] = useSearchParams();
  const [memory, setMemory] = useState('');
  const search = bindToUrl ? searchParams.toString() : memory;

  const parsed = useMemo(
    () => parseListQuery(search, { perPageOptions: PER_PAGE_OPTIONS, defaultPerPage }),
    [search, defaultPerPage],
  );
  const state: ListState = useMemo(
    () => ({
      page: parsed.page,
      perPage: parsed.perPage,
      orderBy: parsed.orderBy ?? options.defaultOrder ?? null,
      filters: { ...options.initialFilters, ...parsed.filters },
    }),
    [parsed, options.defaultOrder, options.initialFilters],
  );

  const write = useCallback(
    (next: { page: number; perPage: number; orderBy: string | null; filters: Filters }, replace = false) => {
      // The default order is implied; writing it would make two URLs for one list.
      const orderBy = next.orderBy === (options.defaultOrder ?? null) ? null : next.orderBy;
      const text = listStateToSearch({ ...next, orderBy }, { defaultPerPage });
      if (bindToUrl) setSearchParams(new URLSearchParams(text), { replace, preventScrollReset: true });
      else setMemory(text.replace(/^\?/, ''));
    },
    [bindToUrl, setSearchParams, options.defaultOrder, defaultPerPage],
  );

  const own = parsed.filters;
  return {
    state,
    setPage: (page, opts) => write({ ...state, filters: own, page }, opts?.replace),
    setPerPage: (perPage) => write({ ...state, filters: own, perPage, page: 1 }),
    setOrderBy: (orderBy) => write({ ...state, filters: own, orderBy, page: 1 }),
    setFilters: (changes) => write({ ...state, filters: merge(own, changes), page: 1 }),
    resetFilters: () => write({ ...state, filters: {}, page: 1 }),
  };
}

// A resource's list bound to its state: the page of rows for the current page, order and filters, the
// step back when the page no longer exists, and the helpers the table needs.
import { buildListQuery } from '@lombard/shared/query-string';
import type { ListResponse } from '@lombard/shared/schemas/common';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { PageGoneError, type Row, resourceListQuery } from './queries';
import { type ListStateControls, type ListStateOptions, useListState } from './use-list-state';

export interface ResourceList<T extends Row> extends ListStateControls {
  path: string;
  query: UseQueryResult<ListResponse<T>>;
  rows: T[];
  count: number;
  /** The query the current page was asked with. */
  params: URLSearchParams;
}

export function useResourceList<T extends Row>(path: string, options: ListStateOptions = {}): ResourceList<T> {
  const controls = useListState(options);
  const { state } = controls;
  const params = useMemo(
    () => buildListQuery({ page: state.page, perPage: state.perPage, orderBy: state.orderBy, filters: state.filters }),
    [state],
  );
  const query = useQuery(resourceListQuery<T>(path, params));
  const gone = query.error instanceof PageGoneError ? query.error.page : null;
  const { setPage } = controls;

  useEffect(() => {
    // The rows of the last page went away (deleted, filtered out): show the page before it.
    if (gone !== null && gone === state.page) setPage(gone - 1, { replace: true });
  }, [gone, state.page, setPage]);

  return {
    ...controls,
    path,
    query,
    rows: query.data?.results ?? [],
    count: query.data?.count ?? 0,
    params,
  };
}

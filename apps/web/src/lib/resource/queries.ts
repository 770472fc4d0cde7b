// One query family per resource path: every list page and every detail of a resource sits under
// `resourceKeys.all(path)`, so a change invalidates them together.
import type { ListResponse } from '@lombard/shared/schemas/common';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '../http/client';
import { isHttpError } from '../http/http-error';

export type Row = Record<string, unknown> & { id: string | number };

export const resourceKeys = {
  all: (path: string) => ['resource', path] as const,
  lists: (path: string) => ['resource', path, 'list'] as const,
  list: (path: string, params: string) => ['resource', path, 'list', params] as const,
  detail: (path: string, id: string | number) => ['resource', path, 'detail', String(id)] as const,
};

/** A page past the end (the list shrank): the caller steps back one page. */
export class PageGoneError extends Error {
  constructor(readonly page: number) {
    super(`page ${page} no longer exists`);
  }
}

export function resourceListQuery<T extends Row>(path: string, params: URLSearchParams) {
  const page = Number(params.get('page') ?? '1');
  return queryOptions({
    queryKey: resourceKeys.list(path, params.toString()),
    queryFn: async ({ signal }): Promise<ListResponse<T>> => {
      try {
        // A 404 on a later page is handled here, not shown as "Element not found".
        const { data } = await http.get<ListResponse<T>>(path, { params, signal, silent: page > 1 ? [404] : false });
        return data;
      } catch (error) {
        if (page > 1 && isHttpError(error) && error.response?.status === 404) throw new PageGoneError(page);
        throw error;
      }
    },
    placeholderData: keepPreviousData,
  });
}

export function resourceDetailQuery<T extends Row>(path: string, id: string | number) {
  return queryOptions({
    queryKey: resourceKeys.detail(path, id),
    queryFn: async ({ signal }): Promise<T> => (await http.get<T>(`${path}${id}/`, { signal })).data,
  });
}

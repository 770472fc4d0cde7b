import { SUPPORT_LIST_PER_PAGE } from '@lombard/shared/constants';
import type { SupportCollectionsResponse } from '@lombard/shared/schemas/support';
import { queryOptions } from '@tanstack/react-query';
import { loadHttp } from '../../lib/http/lazy-client';

export const SUPPORT_COLLECTIONS_PATH = '/api/v1/intercom/collections/with-articles/';

/** Every collection with its articles, unfiltered by language (per_page 50, page 1). */
export const supportCollectionsQuery = queryOptions({
  queryKey: ['support', 'collections'],
  queryFn: async ({ signal }) =>
    (
      await (
        await loadHttp()
      ).get<SupportCollectionsResponse>(SUPPORT_COLLECTIONS_PATH, {
        params: { per_page: SUPPORT_LIST_PER_PAGE, page: 1 },
        signal,
        skipAuth: true,
      })
    ).data,
  staleTime: 5 * 60_000,
});

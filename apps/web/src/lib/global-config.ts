// The global configuration through one queryOptions, so every reader shares one request and one
// cache entry. The server serves it from memory; it changes only when an operator edits it.
import type { GlobalConfig } from '@lombard/shared/schemas/config';
import { queryOptions } from '@tanstack/react-query';
import { loadHttp } from './http/lazy-client';

export const GLOBAL_CONFIG_PATH = '/api/get-global-config/';

export const globalConfigQuery = queryOptions({
  queryKey: ['global-config'],
  queryFn: async ({ signal }) => (await (await loadHttp()).get<GlobalConfig>(GLOBAL_CONFIG_PATH, { signal })).data,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

// The closure requests as operators see them (/api/v1/backoffice/closures/: open ones with what still
// blocks each, then the recently completed ones), and completing one.
import type { BackofficeClosure } from '@lombard/shared/schemas/privacy';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/client';

export const CLOSURES_API = '/api/v1/backoffice/closures/';

export const closuresQuery = queryOptions({
  queryKey: ['backoffice', 'closures'] as const,
  queryFn: async ({ signal }) =>
    (await http.get<{ results: BackofficeClosure[]; count: number }>(CLOSURES_API, { signal })).data.results,
});

/**
 * Completes a closure. A refusal (409: money or an order left, already completed) is the page's to show,
 * inside the confirmation; the list is read again either way, since it says what changed.
 */
export function useCompleteClosure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await http.post<BackofficeClosure>(`${CLOSURES_API}${id}/complete/`, {}, { silent: [409] })).data,
    onSettled: () => client.invalidateQueries({ queryKey: closuresQuery.queryKey }),
  });
}

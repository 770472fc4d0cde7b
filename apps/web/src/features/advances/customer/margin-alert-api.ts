// The staged-alert calls (docs/decisions/038): the advance's alert panel, the customer's ranked remedy, her
// confirmation of the proposed remedy and her answer to a forbearance offer. Under the advance keys: a
// confirmation refreshes the advance's figures, the gauge and the money screens together.
import type {
  ForbearanceAnswer,
  MarginAlert,
  RemedyRanking,
  RemedyRankingView,
} from '@lombard/shared/schemas/margin-alerts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/client';
import { idempotencyHeaders } from '../../../lib/money/idempotency-key';
import { notifySuccess } from '../../../lib/notify';
import { ADVANCES_API, advanceKeys, refreshAdvances } from './queries';

const RANKING_API = `${ADVANCES_API}remedy-ranking/`;

export const marginAlertQuery = (id: number) =>
  queryOptions({
    queryKey: [...advanceKeys.detail(id), 'margin-alert'] as const,
    queryFn: async ({ signal }) => (await http.get<MarginAlert>(`${ADVANCES_API}${id}/margin-alert/`, { signal })).data,
    staleTime: 30_000,
  });

export const remedyRankingQuery = queryOptions({
  queryKey: [...advanceKeys.all, 'remedy-ranking'] as const,
  // Settings are everyone's; the ranking only a customer's (a lead's 403 shows no card).
  queryFn: async ({ signal }) => (await http.get<RemedyRankingView>(RANKING_API, { signal, silent: [403] })).data,
  retry: false,
});

export function useSaveRanking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ranking: RemedyRanking) => (await http.put<RemedyRankingView>(RANKING_API, ranking)).data,
    onSuccess: (saved) => client.setQueryData(remedyRankingQuery.queryKey, saved),
  });
}

type Detail = { detail: string };

function useMarginMutation<V>(call: (variables: V) => Promise<Detail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (result) => {
      notifySuccess(result.detail);
      return refreshAdvances(client);
    },
  });
}

export const useConfirmRemedy = (id: number) =>
  useMarginMutation(
    async ({ shortfall, idempotencyKey }: { shortfall: string; idempotencyKey: string }) =>
      (
        await http.post<Detail>(
          `${ADVANCES_API}${id}/margin-call/remedy/`,
          { shortfall },
          { headers: idempotencyHeaders(idempotencyKey) },
        )
      ).data,
  );

export const useAnswerForbearance = (id: number) =>
  useMarginMutation(
    async ({ answer, idempotencyKey }: { answer: ForbearanceAnswer; idempotencyKey: string }) =>
      (
        await http.post<Detail>(
          `${ADVANCES_API}${id}/margin-call/forbearance/`,
          { answer },
          { headers: idempotencyHeaders(idempotencyKey) },
        )
      ).data,
  );

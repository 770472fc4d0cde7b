// The operators' KYC review calls: the queue, one person's data and documents, the decision on a step,
// and the documents' files fetched with the operator's token (to show images inline).

import { KYC_REVIEWS_PATH, kycReviewPath, kycStepDecisionPath } from '@lombard/shared/kyc-review-paths';
import type { ProfileStep } from '@lombard/shared/profile-steps';
import type { ListResponse } from '@lombard/shared/schemas/common';
import type { KycDecision, KycReviewDetail, KycReviewItem } from '@lombard/shared/schemas/kyc-review';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http/client';

const kycKeys = {
  all: ['backoffice', 'kyc-reviews'] as const,
  list: (params: string) => ['backoffice', 'kyc-reviews', 'list', params] as const,
  detail: (userId: number) => ['backoffice', 'kyc-reviews', 'detail', userId] as const,
};

export function kycQueueQuery(params: URLSearchParams) {
  return queryOptions({
    queryKey: kycKeys.list(params.toString()),
    queryFn: async ({ signal }) =>
      (await http.get<ListResponse<KycReviewItem>>(KYC_REVIEWS_PATH, { params, signal })).data,
    placeholderData: keepPreviousData,
  });
}

export function kycDetailQuery(userId: number) {
  return queryOptions({
    queryKey: kycKeys.detail(userId),
    queryFn: async ({ signal }) => (await http.get<KycReviewDetail>(kycReviewPath(userId), { signal })).data,
  });
}

export function useStepDecision(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      step,
      decision,
      reason,
    }: {
      step: ProfileStep;
      decision: 'approve' | 'reject';
      reason?: string;
    }) =>
      (
        await http.post<KycDecision>(
          kycStepDecisionPath(userId, step, decision),
          decision === 'reject' ? { reason } : {},
        )
      ).data,
    onSettled: () => client.invalidateQueries({ queryKey: kycKeys.all }),
  });
}

export function fileBlobQuery(path: string) {
  return queryOptions({
    queryKey: ['backoffice', 'kyc-file', path],
    queryFn: async ({ signal }) => (await http.get<Blob>(path, { responseType: 'blob', signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

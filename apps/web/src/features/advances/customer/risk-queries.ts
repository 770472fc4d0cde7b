// The margin-risk calls: an advance's distance to a call with its crisis replay (and a custom fall), the
// same for an amount before it is requested, and a swap's effect. GETs that move nothing; each figure is
// the server's, computed by the shared money functions.
import type { AdvanceRisk, SwapRisk } from '@lombard/shared/schemas/advance-risk';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http/client';
import { swapPreview } from './api';
import { ADVANCES_API, advanceKeys } from './queries';

/** Under the advance keys: a repayment, swap or payout refreshes the gauge with every other figure. */
export function advanceRiskQuery(id: number, fall?: string) {
  return queryOptions({
    queryKey: [...advanceKeys.detail(id), 'risk', fall ?? null] as const,
    queryFn: async ({ signal }) =>
      (await http.get<AdvanceRisk>(`${ADVANCES_API}${id}/risk/`, { params: fall ? { fall } : {}, signal })).data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Before borrowing: what the amount leaves on the picked lines (with a fall of every line, if asked). */
export function riskPreviewQuery(amount: string | null, collateral: readonly string[], fall?: string) {
  return queryOptions({
    queryKey: [...advanceKeys.all, 'risk-preview', amount, collateral, fall ?? null] as const,
    queryFn: async ({ signal }) =>
      (
        await http.get<AdvanceRisk>(`${ADVANCES_API}risk-preview/`, {
          params: new URLSearchParams([
            ['amount', amount ?? ''],
            ...collateral.map((key) => ['collateral', key]),
            ...(fall ? [['fall', fall]] : []),
          ]),
          signal,
          silent: [400, 422],
        })
      ).data,
    enabled: amount !== null && collateral.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** A swap's distance to a call and borrowing power, before and after. */
export function swapRiskQuery(id: number, giveBack: readonly string[], pledge: readonly string[]) {
  return queryOptions({
    queryKey: [...advanceKeys.detail(id), 'swap-risk', giveBack, pledge] as const,
    ...swapPreview<SwapRisk>(id, 'swap-risk', giveBack, pledge),
  });
}

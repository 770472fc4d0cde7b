// The operator's advance desk (API under /api/v1/backoffice/): advance requests and their decisions
// (pre-approve, approve, record disbursement, reject with a reason), stock plans to verify and their
// share prices, overdue instalments and open margin calls. Every decision may move money or units (a
// disbursement credits cash, a rejection releases the pledge), so each carries an Idempotency-Key; every
// decision refreshes every advance list and detail, a refused one too (someone else may have decided first).

import type { AdvanceDetail } from '@lombard/shared/schemas/advances';
import type { CreditReviewDecision } from '@lombard/shared/schemas/credit-review';
import type {
  StockPlan,
  StockPlanPriceList,
  StockPlanPriceRecord,
  StockPlanPriceRecorded,
} from '@lombard/shared/schemas/stock-plans';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/client';
import { idempotencyHeaders, newIdempotencyKey } from '../../../lib/money/idempotency-key';
import { resourceKeys } from '../../../lib/resource/queries';

export const BO_ADVANCES_API = '/api/v1/backoffice/advances/';
export const BO_STOCK_PLANS_API = '/api/v1/backoffice/stock-plans/';
export const BO_INSTALMENTS_API = '/api/v1/backoffice/advance-instalments/';
export const BO_MARGIN_CALLS_API = '/api/v1/backoffice/margin-calls/';

function refreshAdvanceDesk(client: QueryClient) {
  return Promise.all(
    [BO_ADVANCES_API, BO_STOCK_PLANS_API, BO_INSTALMENTS_API, BO_MARGIN_CALLS_API].map((path) =>
      client.invalidateQueries({ queryKey: resourceKeys.all(path) }),
    ),
  );
}

export function backofficeAdvanceQuery(id: number) {
  return queryOptions({
    queryKey: resourceKeys.detail(BO_ADVANCES_API, id),
    queryFn: async ({ signal }) => (await http.get<AdvanceDetail>(`${BO_ADVANCES_API}${id}/`, { signal })).data,
  });
}

export type AdvanceDecision = 'pre-approve' | 'approve' | 'disburse';

export function useAdvanceDecision(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ decision, key }: { decision: AdvanceDecision; key: string }) =>
      (await http.post<AdvanceDetail>(`${BO_ADVANCES_API}${id}/${decision}/`, {}, { headers: idempotencyHeaders(key) }))
        .data,
    onSettled: () => refreshAdvanceDesk(client),
  });
}

export function useRejectAdvance(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (reason: string) =>
      (await http.post<AdvanceDetail>(`${BO_ADVANCES_API}${id}/reject/`, { reason }, { silent: [400] })).data,
    onSettled: () => refreshAdvanceDesk(client),
  });
}

export function useStockPlanDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, decision, reason }: { id: number; decision: 'verify' | 'reject'; reason?: string }) =>
      (
        await http.post<StockPlan>(`${BO_STOCK_PLANS_API}${id}/${decision}/`, decision === 'reject' ? { reason } : {}, {
          silent: [400],
          headers: idempotencyHeaders(newIdempotencyKey()),
        })
      ).data,
    onSettled: () => refreshAdvanceDesk(client),
  });
}

/** Records the outcome of a human review of the creditworthiness assessment (decision 037). */
export function useDecideCreditReview(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (decision: CreditReviewDecision) =>
      (
        await http.post<AdvanceDetail>(`${BO_ADVANCES_API}${id}/credit-review/`, decision, {
          silent: [400],
          headers: idempotencyHeaders(newIdempotencyKey()),
        })
      ).data,
    onSettled: () => refreshAdvanceDesk(client),
  });
}

/** The margin-call desk's steps: offer forbearance, then (after the grace period) enforce by selling. */
export function useMarginCallStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, step, key }: { id: number; step: 'forbearance' | 'enforce'; key: string }) =>
      (
        await http.post<{ detail?: string }>(
          `${BO_MARGIN_CALLS_API}${id}/${step}/`,
          {},
          { headers: idempotencyHeaders(key) },
        )
      ).data,
    onSettled: () => refreshAdvanceDesk(client),
  });
}

/** How many of a plan's latest prices the back office shows beside the form. */
export const RECENT_PLAN_PRICES = 10;

/** A plan's latest recorded share prices (decision 046), refreshed with the plan list. */
export function planPricesQuery(planId: number) {
  return queryOptions({
    queryKey: [...resourceKeys.all(BO_STOCK_PLANS_API), 'prices', planId],
    queryFn: async ({ signal }) =>
      (
        await http.get<StockPlanPriceList>(`${BO_STOCK_PLANS_API}${planId}/prices/`, {
          params: { per_page: RECENT_PLAN_PRICES },
          signal,
        })
      ).data,
  });
}

/** Records (or corrects) a day's share price; its refusals are the form's to show, not a toast. */
export function useRecordPlanPrice(planId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: StockPlanPriceRecord) =>
      (
        await http.post<StockPlanPriceRecorded>(`${BO_STOCK_PLANS_API}${planId}/prices/`, body, {
          silent: [400, 409],
        })
      ).data,
    onSuccess: () => refreshAdvanceDesk(client),
  });
}

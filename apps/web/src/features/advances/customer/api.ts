// The calls of the advance screens: borrowing power and the customer's advances (queries.ts, shared with
// the home card), one advance, its quote, the stock plans, and every action of an advance's life. Calls that
// move money or pledge collateral carry the Idempotency-Key their screen made once; every mutation
// refreshes the advance keys and the money screens together.

import { advanceQuoteUrl, advanceSearch } from '@lombard/shared/advance-search';
import type {
  AdvanceDetail,
  AdvanceQuote,
  AdvanceQuoteRequest,
  AdvanceRequest,
  AdvanceSignature,
  RepaymentQuote,
  RepaymentResult,
  SwapQuote,
  SwapRequest,
  SwapResult,
  WithdrawalQuote,
  WithdrawalResult,
} from '@lombard/shared/schemas/advances';
import type { ConfirmationProof } from '@lombard/shared/schemas/authenticator';
import type { ListResponse } from '@lombard/shared/schemas/common';
import type { StockPlan, StockPlanRequest } from '@lombard/shared/schemas/stock-plans';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { CODE_CALL } from '../../../lib/forms/one-time-code-errors';
import { uploadPercent } from '../../../lib/forms/upload';
import { http } from '../../../lib/http/client';
import { idempotencyHeaders, newIdempotencyKey } from '../../../lib/money/idempotency-key';
import { notifySuccess } from '../../../lib/notify';
import { ADVANCES_API, advanceKeys, refreshAdvances, STOCK_PLANS_API } from './queries';

export { advanceDetailQuery, borrowingPowerQuery, myAdvancesQuery } from './queries';

/**
 * The server's figures and rule messages for an amount, instalments and picked collateral. Moves nothing,
 * so it is re-read freely while the customer types.
 */
export function advanceQuoteQuery(request: AdvanceQuoteRequest | null) {
  return queryOptions({
    // Outside the advance keys: a request's success must not re-price the lines it has just pledged.
    queryKey: ['advance-quote', request] as const,
    queryFn: async ({ signal }) =>
      (await http.get<AdvanceQuote>(advanceQuoteUrl(request!), { signal, silent: [400, 409, 422] })).data,
    enabled: request !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export const secciUrl = (amount: string, instalments: number) =>
  `${ADVANCES_API}secci/?${advanceSearch({ amount, instalments })}`;

export const stockPlansQuery = queryOptions({
  queryKey: advanceKeys.stockPlans,
  queryFn: async ({ signal }) =>
    (await http.get<ListResponse<StockPlan>>(STOCK_PLANS_API, { params: { per_page: 50 }, signal })).data,
});

/** GET /api/v1/advances/{id}/repayment-quote/?amount=: the schedule and APR after an early repayment. */
export function repaymentQuoteQuery(id: number, amount: string | null) {
  return queryOptions({
    // Outside the advance keys: a repayment's success must not re-price the amount just repaid.
    queryKey: ['advance-repayment-quote', id, amount] as const,
    queryFn: async ({ signal }) =>
      (
        await http.get<RepaymentQuote>(`${ADVANCES_API}${id}/repayment-quote/`, {
          params: { amount },
          signal,
          silent: [400, 422],
        })
      ).data,
    enabled: amount !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * `told` says the server's answer. It runs here, not in the screen's `mutate` callbacks: a repayment or a
 * withdrawal booked at once ends the advance, and the refreshed page drops the panel (and its callbacks)
 * before they would run.
 */
function useAdvanceMutation<Variables, Result>(
  call: (variables: Variables) => Promise<Result>,
  told?: (result: Result) => void,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (result) => {
      told?.(result);
      return refreshAdvances(client);
    },
  });
}

/** GET /api/v1/advances/{id}/withdrawal-quote/: what withdrawing today takes from cash. */
export const withdrawalQuoteQuery = (id: number, enabled: boolean) =>
  queryOptions({
    // Outside the advance keys: the withdrawal's success must not ask again for a quote it made pointless.
    queryKey: ['advance-withdrawal-quote', id] as const,
    queryFn: async ({ signal }) =>
      (await http.get<WithdrawalQuote>(`${ADVANCES_API}${id}/withdrawal-quote/`, { signal })).data,
    enabled,
    staleTime: 0,
  });

/**
 * What a preview of swapping `giveBack` for `pledge` asks the server (`/advances/{id}/{what}/`), and when:
 * once both sides hold a line, the last answer kept while the next one comes, a 422 shown by the panel.
 */
export function swapPreview<T>(
  id: number,
  what: 'swap-quote' | 'swap-risk',
  giveBack: readonly string[],
  pledge: readonly string[],
) {
  return {
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      (
        await http.get<T>(`${ADVANCES_API}${id}/${what}/`, {
          params: new URLSearchParams([
            ...giveBack.map((key) => ['give_back', key]),
            ...pledge.map((key) => ['pledge', key]),
          ]),
          signal,
          silent: [422],
        })
      ).data,
    enabled: giveBack.length > 0 && pledge.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  };
}

/** GET /api/v1/advances/{id}/swap-quote/: what the new collateral must secure and the units it pledges. */
export const swapQuoteQuery = (id: number, giveBack: readonly string[], pledge: readonly string[]) =>
  queryOptions({
    queryKey: ['advance-swap-quote', id, [...giveBack].sort(), [...pledge].sort()] as const,
    ...swapPreview<SwapQuote>(id, 'swap-quote', giveBack, pledge),
  });

export const useRequestAdvance = () =>
  useAdvanceMutation(
    async ({ body, idempotencyKey }: { body: AdvanceRequest; idempotencyKey: string }) =>
      (await http.post<AdvanceDetail>(ADVANCES_API, body, { headers: idempotencyHeaders(idempotencyKey) })).data,
  );

export const useCancelAdvance = (id: number) =>
  useAdvanceMutation(async () => (await http.post<AdvanceDetail>(`${ADVANCES_API}${id}/cancel/`, {})).data);

/** Sends the contract's one-time code by SMS; nothing changes until the code comes back. */
export const useContractSignature = (id: number) =>
  useMutation({
    mutationFn: async () => (await http.post<AdvanceSignature>(`${ADVANCES_API}${id}/signature/`, {}, CODE_CALL)).data,
  });

export const useSignContract = (id: number) =>
  useAdvanceMutation(
    async (proof: ConfirmationProof) =>
      (await http.post<AdvanceDetail>(`${ADVANCES_API}${id}/sign/`, proof, CODE_CALL)).data,
  );

export const useRepayAdvance = (id: number) =>
  useAdvanceMutation(
    async ({ amount, idempotencyKey }: { amount: string; idempotencyKey: string }) =>
      (
        await http.post<RepaymentResult>(
          `${ADVANCES_API}${id}/repayments/`,
          { amount },
          { headers: idempotencyHeaders(idempotencyKey) },
        )
      ).data,
    (result) => notifySuccess(result.detail),
  );

export const useWithdrawAdvance = (id: number) =>
  useAdvanceMutation(
    async (idempotencyKey: string) =>
      (
        await http.post<WithdrawalResult>(
          `${ADVANCES_API}${id}/withdrawal/`,
          {},
          { headers: idempotencyHeaders(idempotencyKey) },
        )
      ).data,
    (result) => notifySuccess(result.detail),
  );

/**
 * Without a code the server sends one; with it, the swap is signed and made. Each of the two calls has its
 * own body, hence its own Idempotency-Key.
 */
export const useSwapCollateral = (id: number) =>
  useAdvanceMutation(
    async (body: SwapRequest) =>
      (
        await http.post<SwapResult>(`${ADVANCES_API}${id}/swap/`, body, {
          headers: idempotencyHeaders(newIdempotencyKey()),
        })
      ).data,
  );

export type StockPlanUpload = StockPlanRequest & { file: File | null };

export function useRegisterStockPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, onProgress }: { values: StockPlanUpload; onProgress(percent: number): void }) => {
      const { file, ...fields } = values;
      const body = new FormData();
      for (const [key, value] of Object.entries(fields)) if (value !== undefined) body.append(key, String(value));
      if (file) body.append('file', file, file.name);
      const { data } = await http.post<StockPlan>(STOCK_PLANS_API, body, {
        silent: [400, 413, 415, 422],
        timeout: 120_000,
        onUploadProgress: (event) => onProgress(uploadPercent(event)),
      });
      return data;
    },
    onSuccess: () => refreshAdvances(client),
  });
}

/** Asks a person to review the creditworthiness assessment that flagged the request (decision 037). */
export const useRequestCreditReview = (id: number, told: () => void) =>
  useAdvanceMutation(
    async (message: string) =>
      (await http.post<AdvanceDetail>(`${ADVANCES_API}${id}/credit-review/`, message ? { message } : {})).data,
    told,
  );

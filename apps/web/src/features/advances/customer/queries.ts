// The advance calls more than one screen reads: the borrowing power (loan overview and home) and the
// customer's advances (loan overview, home card). Everything advance-related sits under one key prefix,
// so a request, signature or repayment refreshes every figure that may have moved with it.

import { buildListQuery } from '@lombard/shared/query-string';
import type { AdvanceDetail, AdvanceSummary, BorrowingPower } from '@lombard/shared/schemas/advances';
import type { ListResponse } from '@lombard/shared/schemas/common';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http/client';
import { refreshMoney } from '../../../lib/money/keys';

export const ADVANCES_API = '/api/v1/advances/';
export const BORROWING_POWER_API = `${ADVANCES_API}borrowing-power/`;
export const STOCK_PLANS_API = '/api/v1/stock-plans/';

export const LOAN_PAGE = '/customer/loan/';
export const LOAN_CALCULATOR_PAGE = `${LOAN_PAGE}calculator/`;
export const CONFIRM_LOAN_PAGE = `${LOAN_PAGE}confirm-loan/`;
export const advancePage = (id: number) => `${LOAN_PAGE}${id}/`;

export const advanceKeys = {
  all: ['advances'] as const,
  borrowingPower: ['advances', 'borrowing-power'] as const,
  list: ['advances', 'list'] as const,
  detail: (id: number) => ['advances', 'detail', id] as const,
  stockPlans: ['advances', 'stock-plans'] as const,
};

export const borrowingPowerQuery = queryOptions({
  queryKey: advanceKeys.borrowingPower,
  queryFn: async ({ signal }) => (await http.get<BorrowingPower>(BORROWING_POWER_API, { signal })).data,
  staleTime: 30_000,
});

/** The customer's advances, newest first: a customer has a handful, one page holds them all. */
export const myAdvancesQuery = queryOptions({
  queryKey: advanceKeys.list,
  queryFn: async ({ signal }) =>
    (
      await http.get<ListResponse<AdvanceSummary>>(ADVANCES_API, {
        params: buildListQuery({ page: 1, perPage: 50, orderBy: '-created_at' }),
        signal,
      })
    ).data,
});

/** One advance: its figures, schedule, collateral, documents, timeline and what may be done now. */
export function advanceDetailQuery(id: number) {
  return queryOptions({
    queryKey: advanceKeys.detail(id),
    queryFn: async ({ signal }) => (await http.get<AdvanceDetail>(`${ADVANCES_API}${id}/`, { signal })).data,
  });
}

/** After a call that changed an advance: its figures, the borrowing power and the money screens. */
export function refreshAdvances(client: QueryClient): Promise<unknown> {
  return Promise.all([client.invalidateQueries({ queryKey: advanceKeys.all }), refreshMoney(client)]);
}

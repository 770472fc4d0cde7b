// The calls of "deciding whether to borrow": borrow versus sell for a cash need, and an APR explained.
// GETs that move nothing; every figure is the server's, computed by the shared money functions.
import type { AprExplanation, BorrowOrSell } from '@lombard/shared/schemas/borrow-or-sell';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http/client';
import { ADVANCES_API, advanceKeys, LOAN_PAGE } from './queries';

export const BORROW_OR_SELL_PAGE = `${LOAN_PAGE}borrow-or-sell/`;

/** The comparison page for an amount and a number of quarters, as the request form links to it. */
export const borrowOrSellPage = (amount?: string | null, term?: number | string | null) => {
  const search = new URLSearchParams();
  if (amount) search.set('amount', amount);
  if (term) search.set('term', String(term));
  const query = search.toString();
  return query ? `${BORROW_OR_SELL_PAGE}?${query}` : BORROW_OR_SELL_PAGE;
};

/** Under the advance keys: a sale, a request or a payout changes what she could sell or borrow. */
export function borrowOrSellQuery(amount: string | null, term: string | null) {
  return queryOptions({
    queryKey: [...advanceKeys.all, 'borrow-or-sell', amount, term] as const,
    queryFn: async ({ signal }) =>
      (
        await http.get<BorrowOrSell>(`${ADVANCES_API}borrow-or-sell/`, {
          params: { amount, term },
          signal,
          silent: [400],
        })
      ).data,
    enabled: Boolean(amount && term),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Where an APR comes from: an advance of the customer, or a quote's amount and quarters. */
export type AprSource = { advanceId: number } | { amount: string; instalments: number };

export function aprExplanationQuery(source: AprSource, enabled: boolean) {
  const byAdvance = 'advanceId' in source;
  return queryOptions({
    queryKey: byAdvance
      ? ([...advanceKeys.detail(source.advanceId), 'apr'] as const)
      : (['advance-apr', source.amount, source.instalments] as const),
    queryFn: async ({ signal }) =>
      (
        await http.get<AprExplanation>(byAdvance ? `${ADVANCES_API}${source.advanceId}/apr/` : `${ADVANCES_API}apr/`, {
          params: byAdvance ? {} : { amount: source.amount, instalments: source.instalments },
          signal,
        })
      ).data,
    enabled,
    staleTime: 60_000,
  });
}

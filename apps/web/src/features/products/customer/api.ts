// The calls of the product screens: the catalogue and its NAV history, what the customer holds and has
// in cash, and the order calls (quote, signature, invest, disinvest). Money-moving calls carry the
// Idempotency-Key their screen made once, so a retry can never place an order twice.
import type { Language } from '@lombard/shared/locale';
import type { NavPeriod } from '@lombard/shared/product-catalogue';
import { PRODUCTS_API_PATH } from '@lombard/shared/product-catalogue';
import type { NavPoint, ProductDetail } from '@lombard/shared/schemas/products';
import type {
  DisinvestRequest,
  InvestQuote,
  InvestRequest,
  OrderSignature,
  TransactionItem,
} from '@lombard/shared/schemas/transactions';
import type { CashSummary, Wallet } from '@lombard/shared/schemas/wallet';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { CODE_CALL } from '../../../lib/forms/one-time-code-errors';
import { http } from '../../../lib/http/client';

export const productKeys = {
  all: ['products'] as const,
  detail: (id: number, language: Language) => ['products', 'detail', id, language] as const,
  navs: (id: number, period: NavPeriod) => ['products', 'navs', id, period] as const,
  wallet: ['products', 'wallet'] as const,
  cash: ['products', 'cash'] as const,
};

/** The detail carries texts in the request language, hence the language in the key. */
export function productDetailQuery(id: number, language: Language) {
  return queryOptions({
    queryKey: productKeys.detail(id, language),
    queryFn: async ({ signal }) => (await http.get<ProductDetail>(`${PRODUCTS_API_PATH}${id}/`, { signal })).data,
    staleTime: 60_000,
  });
}

export function navSeriesQuery(id: number, period: NavPeriod) {
  return queryOptions({
    queryKey: productKeys.navs(id, period),
    queryFn: async ({ signal }) =>
      (await http.get<NavPoint[]>(`${PRODUCTS_API_PATH}${id}/navs/`, { params: { period }, signal })).data,
    staleTime: 5 * 60_000,
  });
}

/**
 * GET /api/v1/wallet/: the customer's positions (lead, customer, admin). Only an extra on these screens
 * (the disinvest button, the position): a failure hides it rather than raising a toast.
 */
export const walletQuery = queryOptions({
  queryKey: productKeys.wallet,
  queryFn: async ({ signal }) => (await http.get<Wallet>('/api/v1/wallet/', { signal, silent: true })).data,
  staleTime: 30_000,
});

/** GET /api/v1/cash/: available cash (customer, admin), shown next to the cash option when it loads. */
export const cashQuery = queryOptions({
  queryKey: productKeys.cash,
  queryFn: async ({ signal }) => (await http.get<CashSummary>('/api/v1/cash/', { signal, silent: true })).data,
  staleTime: 30_000,
});

const withKey = (idempotencyKey: string) => ({ headers: { 'Idempotency-Key': idempotencyKey } });

/** POST …/invest/quote/ read as a query: the figures of the order on the confirmation screen. */
export function investQuoteQuery(productId: number, order: Pick<InvestRequest, 'amount' | 'payment_method'> | null) {
  return queryOptions({
    queryKey: ['products', 'quote', productId, order?.amount, order?.payment_method] as const,
    queryFn: async () => (await http.post<InvestQuote>(`${PRODUCTS_API_PATH}${productId}/invest/quote/`, order)).data,
    enabled: order !== null,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useOrderSignature(productId: number) {
  return useMutation({
    mutationFn: async (body: InvestRequest) =>
      (await http.post<OrderSignature>(`${PRODUCTS_API_PATH}${productId}/invest/signature/`, body, CODE_CALL)).data,
  });
}

/** After an order every balance, position and list may have changed: refresh them all. */
function useRefreshAfterOrder() {
  const client = useQueryClient();
  return () => client.invalidateQueries();
}

export function useInvest(productId: number) {
  const refresh = useRefreshAfterOrder();
  return useMutation({
    // A signed order's code errors are shown under the code field by the page (CODE_CALL).
    mutationFn: async ({ body, idempotencyKey }: { body: InvestRequest; idempotencyKey: string }) =>
      (
        await http.post<TransactionItem>(`${PRODUCTS_API_PATH}${productId}/invest/`, body, {
          ...withKey(idempotencyKey),
          ...(body.signature ? CODE_CALL : {}),
        })
      ).data,
    onSuccess: refresh,
  });
}

export function useDisinvest(productId: number) {
  const refresh = useRefreshAfterOrder();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: DisinvestRequest; idempotencyKey: string }) =>
      (await http.post<TransactionItem>(`${PRODUCTS_API_PATH}${productId}/disinvest/`, body, withKey(idempotencyKey)))
        .data,
    onSuccess: refresh,
  });
}

// The operator's money desk (API under /api/v1/backoffice/…): orders to settle or reject, incoming bank
// transfers to record, withdrawals to execute or reject. Every call that moves money carries an
// Idempotency-Key, so a retried click cannot move it twice.
import type { IncomingTransferResult, SettleResult, TransactionItem } from '@lombard/shared/schemas/transactions';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/client';
import { idempotencyHeaders } from '../../../lib/money/idempotency-key';
import { resourceKeys } from '../../../lib/resource/queries';

export const ORDERS_API = '/api/v1/backoffice/orders/';
export const TRANSFERS_API = '/api/v1/backoffice/transfers/';
export const WITHDRAWALS_API = '/api/v1/backoffice/withdrawals/';

/** A customer's transaction as the back-office lists it: with the person it belongs to. */
export type DeskRow = TransactionItem & {
  user: { id: number; email: string; full_name: string };
  /** Incoming transfers: who paid, and the value date. */
  payer_name?: string | null;
  value_date?: string | null;
} & Record<string, unknown>;

/** Orders are investments and disinvestments; the operator acts on those still submitted. */
export const ORDER_TYPES = ['invest', 'disinvest'] as const;
export const ACTIONABLE = ['awaiting_transfer', 'submitted'] as const;
export const isActionable = (row: DeskRow) => (ACTIONABLE as readonly string[]).includes(row.status);

/**
 * One desk's action changes the others' rows (a funded order, a credited deposit): all are read again, after
 * a refusal too (a 409 says the row changed under the operator, e.g. another operator acted first).
 */
function refreshDesk(client: QueryClient) {
  return Promise.all(
    [ORDERS_API, TRANSFERS_API, WITHDRAWALS_API].map((path) =>
      client.invalidateQueries({ queryKey: resourceKeys.all(path) }),
    ),
  );
}

export function useSettleOrders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, key }: { ids: number[]; key: string }) =>
      (await http.post<SettleResult>(`${ORDERS_API}settle/`, { ids }, { headers: idempotencyHeaders(key) })).data,
    onSettled: () => refreshDesk(client),
  });
}

/** Refuses an order or a withdrawal with the reason the customer will read. */
export function useRejectTransaction(path: typeof ORDERS_API | typeof WITHDRAWALS_API) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: number; reason: string }) =>
      (await http.post<TransactionItem>(`${path}${id}/reject/`, { reason }, { silent: [400] })).data,
    onSettled: () => refreshDesk(client),
  });
}

export function useExecuteWithdrawal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, key }: { id: number; key: string }) =>
      (await http.post<TransactionItem>(`${WITHDRAWALS_API}${id}/execute/`, {}, { headers: idempotencyHeaders(key) }))
        .data,
    onSettled: () => refreshDesk(client),
  });
}

export function useRecordTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, key }: { values: Record<string, string>; key: string }) =>
      (
        await http.post<IncomingTransferResult>(TRANSFERS_API, values, {
          headers: idempotencyHeaders(key),
          silent: [400],
        })
      ).data,
    onSettled: () => refreshDesk(client),
  });
}

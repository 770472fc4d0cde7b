// The customer's transactions (GET /api/v1/transactions/, generic list) and the one thing they may do to
// one: cancel it before anything happened to the money.
import type { TransactionItem } from '@lombard/shared/schemas/transactions';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/client';
import { idempotencyHeaders } from '../../../lib/money/idempotency-key';
import { refreshMoney, TRANSACTIONS_API } from '../../../lib/money/keys';
import { resourceKeys } from '../../../lib/resource/queries';

export type TransactionRow = TransactionItem & Record<string, unknown>;

/** Only these may still be withdrawn by the customer: nothing has been settled or paid yet. */
export const CANCELLABLE_STATUSES: readonly TransactionItem['status'][] = ['awaiting_transfer', 'submitted'];

export const transactionDetailQuery = (id: number, initial?: TransactionRow) =>
  queryOptions({
    queryKey: resourceKeys.detail(TRANSACTIONS_API, id),
    queryFn: async ({ signal }) => (await http.get<TransactionRow>(`${TRANSACTIONS_API}${id}/`, { signal })).data,
    initialData: initial,
    // The row of the list is the start; the detail is asked again so that a status that moved shows.
    initialDataUpdatedAt: 0,
  });

export function useCancelTransaction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, key }: { id: number; key: string }) =>
      (await http.post<TransactionRow>(`${TRANSACTIONS_API}${id}/cancel/`, {}, { headers: idempotencyHeaders(key) }))
        .data,
    onSuccess: (row) => {
      client.setQueryData(resourceKeys.detail(TRANSACTIONS_API, row.id), row);
      return refreshMoney(client);
    },
  });
}

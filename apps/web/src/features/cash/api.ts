// Cash management: the balance and where to send money (GET /api/v1/cash/), a withdrawal to the verified
// IBAN (POST /api/v1/cash/withdrawals/ with an Idempotency-Key), and the latest deposits and withdrawals
// from the transactions list.
import { buildListQuery } from '@lombard/shared/query-string';
import type { TransactionItem, WithdrawalRequest } from '@lombard/shared/schemas/transactions';
import type { CashSummary } from '@lombard/shared/schemas/wallet';
import type { TransactionType } from '@lombard/shared/transaction-kinds';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http/client';
import { idempotencyHeaders } from '../../lib/money/idempotency-key';
import { CASH_API, moneyKeys, refreshMoney, TRANSACTIONS_API } from '../../lib/money/keys';
import { resourceListQuery } from '../../lib/resource/queries';

export const HISTORY_SIZE = 5;

export const cashQuery = queryOptions({
  queryKey: moneyKeys.cash,
  queryFn: async ({ signal }) => (await http.get<CashSummary>(CASH_API, { signal })).data,
});

/** The newest transactions of one type, as the generic list serves them. */
export const recentOfTypeQuery = (type: TransactionType) =>
  resourceListQuery(
    TRANSACTIONS_API,
    buildListQuery({ page: 1, perPage: HISTORY_SIZE, orderBy: '-created_at', filters: { type } }),
  );

export function useRequestWithdrawal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, key }: { values: WithdrawalRequest; key: string }) =>
      (await http.post<TransactionItem>(`${CASH_API}withdrawals/`, values, { headers: idempotencyHeaders(key) })).data,
    onSuccess: () => refreshMoney(client),
  });
}

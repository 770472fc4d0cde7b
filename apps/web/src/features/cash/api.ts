// Cash management: the balance and where to send money (GET /api/v1/cash/), a withdrawal to the verified
// IBAN (POST /api/v1/cash/withdrawals/ with an Idempotency-Key), and the latest deposits and withdrawals
// from the transactions list.
import { buildListQuery } from '@lombard/shared/query-string';
import type { TransactionType, WithdrawalRequest } from '@lombard/shared/schemas/transactions';
import { transactionSchema } from '@lombard/shared/schemas/transactions';
import { cashSummarySchema } from '@lombard/shared/schemas/wallet';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http/client';
import { idempotencyHeaders } from '../../lib/money/idempotency-key';
import { CASH_API, moneyKeys, refreshMoney, TRANSACTIONS_API } from '../../lib/money/keys';
import { resourceListQuery } from '../../lib/resource/queries';

export const HISTORY_SIZE = 5;

export const cashQuery = queryOptions({
  queryKey: moneyKeys.cash,
  queryFn: async ({ signal }) => cashSummarySchema.parse((await http.get(CASH_API, { signal })).data),
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
      transactionSchema.parse(
        (await http.post(`${CASH_API}withdrawals/`, values, { headers: idempotencyHeaders(key) })).data,
      ),
    onSuccess: () => refreshMoney(client),
  });
}

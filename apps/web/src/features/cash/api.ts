// Cash management: the balance and where to send money (GET /api/v1/cash/), a withdrawal to the verified
// IBAN (POST /api/v1/cash/withdrawals/ with an Idempotency-Key); the latest movements come from the cash
// statement (lib/money/cash-statement).
import type { TransactionItem, WithdrawalRequest } from '@lombard/shared/schemas/transactions';
import type { CashSummary } from '@lombard/shared/schemas/wallet';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http/client';
import { idempotencyHeaders } from '../../lib/money/idempotency-key';
import { CASH_API, moneyKeys, refreshMoney } from '../../lib/money/keys';

export const HISTORY_SIZE = 5;

export const cashQuery = queryOptions({
  queryKey: moneyKeys.cash,
  queryFn: async ({ signal }) => (await http.get<CashSummary>(CASH_API, { signal })).data,
});

export function useRequestWithdrawal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, key }: { values: WithdrawalRequest; key: string }) =>
      (await http.post<TransactionItem>(`${CASH_API}withdrawals/`, values, { headers: idempotencyHeaders(key) })).data,
    onSuccess: () => refreshMoney(client),
  });
}

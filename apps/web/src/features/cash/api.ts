// Cash management: the balance and where to send money (GET /api/v1/cash/), a withdrawal to the verified
// IBAN (POST /api/v1/cash/withdrawals/ with an Idempotency-Key); the latest movements come from the cash
// statement (lib/money/cash-statement).
import type { PendingConfirmation } from '@lombard/shared/schemas/authenticator';
import type { TransactionItem, WithdrawalRequest } from '@lombard/shared/schemas/transactions';
import type { CashSummary } from '@lombard/shared/schemas/wallet';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { CODE_CALL } from '../../lib/forms/one-time-code-errors';
import { http } from '../../lib/http/client';
import { idempotencyHeaders } from '../../lib/money/idempotency-key';
import { CASH_API, moneyKeys, refreshMoney } from '../../lib/money/keys';

export const HISTORY_SIZE = 5;

export const cashQuery = queryOptions({
  queryKey: moneyKeys.cash,
  queryFn: async ({ signal }) => (await http.get<CashSummary>(CASH_API, { signal })).data,
});

/**
 * A withdrawal: without a confirmation the server answers 202 with what to confirm and how (nothing moves);
 * with it, 201 and the withdrawal. Answers about the code stay with the confirming step (CODE_CALL).
 */
export function useRequestWithdrawal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      values,
      key,
    }: {
      values: WithdrawalRequest;
      key: string;
    }): Promise<{ pending: PendingConfirmation } | { done: TransactionItem }> => {
      const res = await http.post<TransactionItem | PendingConfirmation>(`${CASH_API}withdrawals/`, values, {
        headers: idempotencyHeaders(key),
        ...CODE_CALL,
      });
      return res.status === 202 ? { pending: res.data as PendingConfirmation } : { done: res.data as TransactionItem };
    },
    onSuccess: (answer) => {
      if ('done' in answer) void refreshMoney(client);
    },
  });
}

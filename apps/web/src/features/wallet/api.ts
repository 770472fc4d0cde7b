// GET /api/v1/wallet/: the positions the customer holds and their totals, valued at each product's
// latest NAV.
import type { Wallet } from '@lombard/shared/schemas/wallet';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/http/client';
import { moneyKeys, WALLET_API } from '../../lib/money/keys';

export const walletQuery = queryOptions({
  queryKey: moneyKeys.wallet,
  queryFn: async ({ signal }) => (await http.get<Wallet>(WALLET_API, { signal })).data,
});

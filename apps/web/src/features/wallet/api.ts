// GET /api/v1/wallet/: the positions the customer holds and their totals, valued at each product's
// latest NAV.
import type { NetWorth } from '@lombard/shared/schemas/borrow-or-sell';
import type { Wallet } from '@lombard/shared/schemas/wallet';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/http/client';
import { moneyKeys, WALLET_API } from '../../lib/money/keys';

export const walletQuery = queryOptions({
  queryKey: moneyKeys.wallet,
  queryFn: async ({ signal }) => (await http.get<Wallet>(WALLET_API, { signal })).data,
});

/** GET /api/v1/wallet/net-worth/: under the wallet's keys, so whatever moves money refreshes it too. */
export const netWorthQuery = queryOptions({
  queryKey: [...moneyKeys.wallet, 'net-worth'],
  queryFn: async ({ signal }) => (await http.get<NetWorth>(`${WALLET_API}net-worth/`, { signal })).data,
});

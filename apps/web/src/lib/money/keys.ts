// The customer's money as the screens read it: wallet, cash, home summary and transactions. Any call that
// moves money changes all of them at once (a withdrawal lowers the cash and adds a transaction; a
// cancelled order frees cash and units), so they live under one prefix that a mutation refreshes together.
import type { QueryClient } from '@tanstack/react-query';
import { resourceKeys } from '../resource/queries';

export const WALLET_API = '/api/v1/wallet/';
export const CASH_API = '/api/v1/cash/';
export const HOME_SUMMARY_API = '/api/v1/home/summary/';
export const TRANSACTIONS_API = '/api/v1/transactions/';

export const CASH_PAGE = '/customer/cash/';
export const CONFIRM_CASH_PAGE = `${CASH_PAGE}confirm-cash/`;
export const TRANSACTIONS_PAGE = '/customer/transaction/';
export const PRODUCTS_PAGE = '/customer/product/';
export const productPage = (id: number) => `${PRODUCTS_PAGE}${id}/`;
export const disinvestPage = (id: number) => `${PRODUCTS_PAGE}${id}/disinvest/`;
export const BANK_ACCOUNT_PAGE = '/customer/profile/bank-account/';

export const moneyKeys = {
  wallet: [...resourceKeys.all(WALLET_API), 'summary'] as const,
  cash: [...resourceKeys.all(CASH_API), 'summary'] as const,
  home: [...resourceKeys.all(HOME_SUMMARY_API), 'summary'] as const,
};

/** After any call that moved money: every figure the customer may look at next is read again. */
export function refreshMoney(client: QueryClient): Promise<unknown> {
  return Promise.all(
    [WALLET_API, CASH_API, HOME_SUMMARY_API, TRANSACTIONS_API].map((path) =>
      client.invalidateQueries({ queryKey: resourceKeys.all(path) }),
    ),
  );
}

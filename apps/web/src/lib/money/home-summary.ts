// GET /api/v1/home/summary/: the customer's figures at a glance (the home, and the portfolio's net position)
// and their latest transactions.
import type { HomeSummary } from '@lombard/shared/schemas/wallet';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../http/client';
import { HOME_SUMMARY_API, moneyKeys } from './keys';

export const homeSummaryQuery = queryOptions({
  queryKey: moneyKeys.home,
  queryFn: async ({ signal }) => (await http.get<HomeSummary>(HOME_SUMMARY_API, { signal })).data,
});

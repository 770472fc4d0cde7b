// GET /api/v1/home/summary/: the customer's figures at a glance and their latest transactions.
import { homeSummarySchema } from '@lombard/shared/schemas/wallet';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/http/client';
import { HOME_SUMMARY_API, moneyKeys } from '../../lib/money/keys';

export const homeSummaryQuery = queryOptions({
  queryKey: moneyKeys.home,
  queryFn: async ({ signal }) => homeSummarySchema.parse((await http.get(HOME_SUMMARY_API, { signal })).data),
});

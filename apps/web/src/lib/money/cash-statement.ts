// The cash statement (GET /api/v1/cash/movements/): every ledger line on the customer's cash in a period,
// read by the cash page's latest movements and the transactions page's statement. Under the cash prefix,
// so a call that moves money reads it again; per language, as each line's kind is named by the server.
import type { Language } from '@lombard/shared/locale';
import type { CashStatement } from '@lombard/shared/schemas/wallet';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../http/client';
import { resourceKeys } from '../resource/queries';
import { CASH_API } from './keys';

export const CASH_MOVEMENTS_API = `${CASH_API}movements/`;

export const cashStatementQuery = (language: Language, period: { from?: string | null; to?: string | null } = {}) => {
  const params = new URLSearchParams();
  if (period.from) params.set('from', period.from);
  if (period.to) params.set('to', period.to);
  const query = params.toString();
  return queryOptions({
    queryKey: [...resourceKeys.all(CASH_API), 'movements', language, query] as const,
    queryFn: async ({ signal }) =>
      (await http.get<CashStatement>(`${CASH_MOVEMENTS_API}${query ? `?${query}` : ''}`, { signal })).data,
  });
};

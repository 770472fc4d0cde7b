// The ledger's self-check as the back office runs it (API GET /api/v1/backoffice/ledger/verify/).
import type { LedgerVerification } from '@lombard/shared/schemas/wallet';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/http/client';
import { resourceKeys } from '../../lib/resource/queries';

const LEDGER_VERIFY_API = '/api/v1/backoffice/ledger/verify/';

export const ledgerVerificationQuery = queryOptions({
  queryKey: [...resourceKeys.all(LEDGER_VERIFY_API), 'run'],
  queryFn: async ({ signal }) => (await http.get<LedgerVerification>(LEDGER_VERIFY_API, { signal })).data,
  // A verification reads the whole ledger: only when the operator asks for it.
  enabled: false,
  staleTime: Number.POSITIVE_INFINITY,
});

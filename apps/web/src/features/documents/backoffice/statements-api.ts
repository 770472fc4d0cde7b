// The statements in force as the back office lists them (/api/v1/backoffice/statements/), and drawing one
// again from the books (the customer finds the new one in their documents; the old one stays, superseded).
import type { BackofficeStatement } from '@lombard/shared/schemas/backoffice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/client';
import { resourceKeys } from '../../../lib/resource/queries';

export { STATEMENT_KINDS } from '@lombard/shared/schemas/backoffice';

export const STATEMENTS_API = '/api/v1/backoffice/statements/';

// The kit's rows are open records; this adds the fields the page reads.
export type StatementRow = BackofficeStatement & Record<string, unknown>;

export function useRegenerateStatement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await http.post(`/api/v1/backoffice/documents/${id}/regenerate/`, {})).data,
    // After a refusal too: a 404 means another operator drew it again first, and the list has moved on.
    onSettled: () => client.invalidateQueries({ queryKey: resourceKeys.all(STATEMENTS_API) }),
  });
}

// What the request form hands to confirm-loan/: amount, instalments and the picked collateral lines, in the
// query string (advanceSearch) so that a reload of the confirmation keeps them.
import { type AdvanceRequest, advanceRequestSchema } from '@lombard/shared/schemas/advances';

/** The request in the query, or null when it is missing or not a valid request. */
export function requestFromSearch(search: URLSearchParams): AdvanceRequest | null {
  const parsed = advanceRequestSchema.safeParse({
    amount: search.get('amount') ?? '',
    instalments: search.get('instalments') ?? '',
    collateral: search.getAll('collateral'),
  });
  return parsed.success ? parsed.data : null;
}

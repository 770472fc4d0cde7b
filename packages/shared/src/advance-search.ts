// The query of an advance's figures and the quote's address, in a module of their own (not with the
// schemas) so that the public calculator and the loan screens, which build them, load no zod.
import type { AdvanceQuoteRequest } from './schemas/advances';

/**
 * Amount, instalments and picked lines (repeated `collateral`) as a query string: the quote's, the SECCI's,
 * and the links that carry a calculator's figures to the request form and the form's request to its
 * confirmation page.
 */
export function advanceSearch(request: {
  amount: string;
  instalments: number;
  collateral?: readonly string[];
}): string {
  const query = new URLSearchParams({ amount: request.amount, instalments: String(request.instalments) });
  for (const key of request.collateral ?? []) query.append('collateral', key);
  return query.toString();
}

export const ADVANCE_QUOTE_PATH = '/api/v1/advances/quote/';

/** The address of a quote, as both the client and the tests ask for it. */
export const advanceQuoteUrl = (request: AdvanceQuoteRequest): string =>
  `${ADVANCE_QUOTE_PATH}?${advanceSearch(request)}`;

// The query of an advance's figures, in a module of its own (not with the schemas) so that the public
// calculator, which builds one, loads no zod.

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

// What the invest screen hands to confirm-order: the amount and payment method, in the query string so
// that a reload of the confirmation keeps them.
import { type InvestRequest, investRequestSchema } from '@lombard/shared/schemas/transactions';

export function orderSearch(values: Pick<InvestRequest, 'amount' | 'payment_method'>): string {
  return new URLSearchParams({ amount: values.amount, payment_method: values.payment_method }).toString();
}

/** The order in the query, or null when it is missing or not a valid order. */
export function orderFromSearch(search: URLSearchParams): Pick<InvestRequest, 'amount' | 'payment_method'> | null {
  const parsed = investRequestSchema.safeParse({
    amount: search.get('amount') ?? '',
    payment_method: search.get('payment_method') ?? '',
  });
  return parsed.success ? { amount: parsed.data.amount, payment_method: parsed.data.payment_method } : null;
}

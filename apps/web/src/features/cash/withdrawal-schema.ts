import { amountInputSchema, withdrawalRequestSchema } from '@lombard/shared/schemas/transactions';
import { isWithin } from '../../lib/money/cents';

/** The shared rule for the amount, plus the one only the screen knows: no more than the available cash. */
export function withdrawalFormSchema(available: string) {
  return withdrawalRequestSchema.extend({
    amount: amountInputSchema.refine((value) => isWithin(value, available), 'cash:withdraw.aboveAvailable'),
  });
}

/** Italians type a decimal comma; the wire wants a dot. Thousands separators are not accepted. */
export function normaliseAmount(value: string): string {
  return value.trim().replace(',', '.');
}

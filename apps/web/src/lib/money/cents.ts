// Exact comparisons of euro amounts written as decimal strings ("1250.5", "0.07"): whole cents in a
// BigInt, so that "is this within what is available" never depends on a float's rounding.

const AMOUNT = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** The amount in cents, or null when the text is not a plain decimal with at most two decimals. */
export function toCents(value: string): bigint | null {
  const match = AMOUNT.exec(value.trim());
  if (!match) return null;
  const [, sign, units = '0', decimals = ''] = match;
  const cents = BigInt(units) * 100n + BigInt(decimals.padEnd(2, '0'));
  return sign ? -cents : cents;
}

/** True when `amount` is not above `limit`; false when either is not a readable amount. */
export function isWithin(amount: string, limit: string): boolean {
  const a = toCents(amount);
  const b = toCents(limit);
  return a !== null && b !== null && a <= b;
}

/** The sign of an amount or a signed fraction ("-0.0125"): -1, 0 or 1; 0 for anything unreadable. */
export function signOf(value: string): -1 | 0 | 1 {
  const match = /^\s*(-)?(\d+)(?:\.(\d+))?\s*$/.exec(value);
  if (!match) return 0;
  const [, minus, units = '0', decimals = ''] = match;
  if (/^0+$/.test(units) && /^0*$/.test(decimals)) return 0;
  return minus ? -1 : 1;
}

// ISO 6166 securities identifiers: two letters of the issuing country, nine letters or digits, and a
// check digit (Luhn over the digits obtained by writing each letter as 10..35).

const ISIN_SHAPE = /^[A-Z]{2}[A-Z0-9]{9}\d$/;

function luhnDigits(body: string): string {
  return [...body].map((c) => (/\d/.test(c) ? c : String(c.charCodeAt(0) - 55))).join('');
}

function luhnSum(digits: string, doubleFirst: boolean): number {
  let sum = 0;
  for (let i = digits.length - 1, double = doubleFirst; i >= 0; i--, double = !double) {
    let n = Number(digits[i]);
    if (double) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum;
}

/** Whether the text is an ISIN with the right check digit (upper case, no spaces). */
export function isIsin(value: string): boolean {
  if (!ISIN_SHAPE.test(value)) return false;
  return luhnSum(luhnDigits(value), false) % 10 === 0;
}

/** The check digit that completes the first eleven characters of an ISIN. */
export function isinCheckDigit(first11: string): string {
  if (!/^[A-Z]{2}[A-Z0-9]{9}$/.test(first11)) throw new Error(`not the start of an ISIN: ${first11}`);
  return String((10 - (luhnSum(luhnDigits(first11), true) % 10)) % 10);
}

// ISO 11649 structured creditor references ("RF" + two check digits + up to 21 letters or digits): what a
// payer types in a bank transfer's description so the operator can match the money to a customer or order.

function mod97(digits: string): number {
  let remainder = 0;
  for (const char of digits) remainder = (remainder * 10 + Number(char)) % 97;
  return remainder;
}

/** Letters become 10..35, as for IBANs. */
function numeric(text: string): string {
  return [...text].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join('');
}

/** `RF` reference for a body of 1–21 letters or digits, e.g. creditorReference('C000042'). */
export function creditorReference(body: string): string {
  const clean = body.toUpperCase();
  if (!/^[A-Z0-9]{1,21}$/.test(clean)) throw new Error(`not a creditor reference body: ${body}`);
  const check = 98 - mod97(numeric(`${clean}RF00`));
  return `RF${String(check).padStart(2, '0')}${clean}`;
}

/** Whether a typed reference is a valid RF reference (spaces and case ignored). */
export function isCreditorReference(value: string): boolean {
  const clean = value.replace(/\s+/g, '').toUpperCase();
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(clean)) return false;
  return mod97(numeric(`${clean.slice(4)}${clean.slice(0, 4)}`)) === 1;
}

/** As printed for people: groups of four. */
export function formatCreditorReference(value: string): string {
  return value.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

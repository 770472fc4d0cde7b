// How an IBAN is shown where the whole number is not needed (the cash page, a withdrawal's confirmation and
// its SMS): enough to recognise one's own account, not enough to copy it.

/** Only the country, check digits and last four characters of an IBAN are shown. */
export function maskIban(iban: string): string {
  const clean = iban.replace(/\s+/g, '');
  return `${clean.slice(0, 4)} •••• •••• ${clean.slice(-4)}`;
}

/** An IBAN in groups of four, as printed on statements (where the whole number is shown). */
export function groupIban(iban: string): string {
  return iban
    .replace(/\s/g, '')
    .toUpperCase()
    .replace(/(.{4})/g, '$1 ')
    .trim();
}

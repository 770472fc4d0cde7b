/** The value of the cookie `name` in a Cookie header, as sent; null when the header has none. */
export function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}

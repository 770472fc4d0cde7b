// Tiny cookie helpers: path /, SameSite Lax, Secure when served over https.

export interface CookieOptions {
  /** Lifetime in days; omitted → a session cookie. */
  days?: number;
}

// On the server (server-entry.tsx) there is no document: the request's Cookie header stands in for it.
let serverCookies = '';

/** The Cookie header of the request being rendered on the server. */
export function setServerCookies(header: string): void {
  serverCookies = header;
}

/** A cookie's value, from `source` when given (a Cookie header, or document.cookie as it once was). */
export function readCookie(
  name: string,
  source = typeof document === 'undefined' ? serverCookies : document.cookie,
): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of source.split(/;\s*/)) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return null;
}

// The cookie store API is not in every browser the app supports; document.cookie is.
// biome-ignore-start lint/suspicious/noDocumentCookie: see above
export function writeCookie(name: string, value: string, options: CookieOptions = {}): void {
  const attributes = ['path=/', 'SameSite=Lax'];
  if (options.days !== undefined) {
    attributes.push(`max-age=${Math.round(options.days * 86_400)}`);
  }
  if (typeof location !== 'undefined' && location.protocol === 'https:') attributes.push('Secure');
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; ${attributes.join('; ')}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; path=/; max-age=0; SameSite=Lax`;
}
// biome-ignore-end lint/suspicious/noDocumentCookie: see above

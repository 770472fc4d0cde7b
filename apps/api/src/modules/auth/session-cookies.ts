// The web app's refresh token lives in a cookie no script can read (docs/decisions/022): httpOnly,
// SameSite=Strict, Secure whenever the site is served over https (PUBLIC_URL, or the request itself),
// sent only to the token calls. Its access token
// lives in the page's memory. API clients keep sending `refresh` in the body and get it back there.
import { VALIDATION_MESSAGES } from '@lombard/shared/errors';
import { COOKIE_SESSION_HEADER, REFRESH_COOKIE, REFRESH_COOKIE_PATH } from '@lombard/shared/locale';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieValue } from '../../lib/cookie-value';
import { AppError, fieldError } from '../../lib/errors';

/** How long the sign-in lasts: a cookie for its remaining life with rememberMe, else a session cookie. */
export interface CookieLifetime {
  rememberMe: boolean;
  expiresAt: Date;
}

/** Whether the call is the web app's, which keeps the refresh token in the cookie. */
export function wantsCookie(request: FastifyRequest): boolean {
  return request.headers[COOKIE_SESSION_HEADER] === 'cookie';
}

function attributes(request: FastifyRequest, publicUrl: string): string[] {
  const list = [`Path=${REFRESH_COOKIE_PATH}`, 'HttpOnly', 'SameSite=Strict'];
  if (publicUrl.startsWith('https:') || request.protocol === 'https') list.push('Secure');
  return list;
}

export function setRefreshCookie(
  reply: FastifyReply,
  refresh: string,
  lifetime: CookieLifetime,
  publicUrl: string,
): void {
  const list = attributes(reply.request, publicUrl);
  if (lifetime.rememberMe) {
    const seconds = Math.max(0, Math.floor((lifetime.expiresAt.getTime() - Date.now()) / 1000));
    list.push(`Max-Age=${seconds}`);
  }
  reply.header('set-cookie', [`${REFRESH_COOKIE}=${refresh}`, ...list].join('; '));
}

export function clearRefreshCookie(reply: FastifyReply, publicUrl: string): void {
  reply.header('set-cookie', [`${REFRESH_COOKIE}=`, ...attributes(reply.request, publicUrl), 'Max-Age=0'].join('; '));
}

/** The origin the app is served from, as the browser names it in `Origin`. */
function ownOrigins(request: FastifyRequest, publicUrl: string): string[] {
  return [new URL(publicUrl).origin, `${request.protocol}://${request.host}`];
}

/**
 * The refresh token of a call that sends none in its body: the cookie's, and only for the app's own
 * calls. A cookie arriving without the app's header, from another origin or from a cross-site page is a
 * forged request (CSRF) and is refused, whatever SameSite did or did not keep out.
 */
export function cookieRefresh(request: FastifyRequest, publicUrl: string): string | null {
  const cookie = cookieValue(request.headers.cookie ?? '', REFRESH_COOKIE) || null;
  // An API client that forgot its token: the field it must send.
  if (!cookie && !wantsCookie(request)) throw fieldError({ refresh: VALIDATION_MESSAGES.required });
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  const forged =
    !wantsCookie(request) ||
    (origin !== undefined && !ownOrigins(request, publicUrl).includes(origin)) ||
    (site !== undefined && site !== 'same-origin' && site !== 'none');
  if (forged) throw new AppError('FORBIDDEN');
  return cookie;
}

// Where the session lives in the browser (docs/decisions/022): the access token in this page's memory
// only; the refresh token in an httpOnly cookie the server sets, which no script can read; and a cookie
// holding no token (`lombard_session`, path /, SameSite Lax) that says "signed in on this device", for the
// first script, the server renderer and other tabs. A reload starts with no access token and gets one
// from the refresh cookie (interceptors.ts). A small external store, so that guards re-render on
// sign-in/out.
import { REMEMBER_ME_COOKIE_DAYS } from '@lombard/shared/constants';
import { SESSION_COOKIE } from '@lombard/shared/locale';
import { useSyncExternalStore } from 'react';
import { deleteCookie, readCookie, writeCookie } from '../cookies';

export const TOKEN_COOKIE = SESSION_COOKIE;

/** The marker's value: `1` kept for REMEMBER_ME_COOKIE_DAYS ("remember me"), `0` a session cookie. */
type Marker = '0' | '1';

let access: string | null = null;

const listeners = new Set<() => void>();
function emit(): void {
  for (const listener of listeners) listener();
}

export function readAccessToken(): string | null {
  return access;
}

/** Signed in on this device (an access token may still have to be fetched with the refresh cookie). */
export function hasSession(): boolean {
  return readCookie(TOKEN_COOKIE) !== null;
}

/** Keeps a new access token. `rememberMe` is given at sign-in; a refresh keeps the lifetime chosen then. */
export function saveTokens(tokens: { access: string }, rememberMe?: boolean): void {
  access = tokens.access;
  const remember = rememberMe ?? (readCookie(TOKEN_COOKIE) as Marker | null) === '1';
  const marker: Marker = remember ? '1' : '0';
  if (rememberMe !== undefined || readCookie(TOKEN_COOKIE) === null) {
    writeCookie(TOKEN_COOKIE, marker, remember ? { days: REMEMBER_ME_COOKIE_DAYS } : {});
  }
  emit();
}

/** Forgets the session on this device (the refresh cookie is cleared by the server's logout). */
export function clearTokens(): void {
  if (access === null && readCookie(TOKEN_COOKIE) === null) return;
  access = null;
  deleteCookie(TOKEN_COOKIE);
  emit();
}

export function subscribeTokens(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const signedInSnapshot = () => hasSession();

/** True while this device is signed in. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribeTokens, signedInSnapshot, signedInSnapshot);
}

// Where the session's token pair lives: one cookie, path /, SameSite Lax, Secure over https;
// kept for REMEMBER_ME_COOKIE_DAYS when the user ticked "remember me", otherwise a session cookie that
// the browser drops when it closes. A small external store, so that guards re-render on sign-in/out.
import { REMEMBER_ME_COOKIE_DAYS } from '@lombard/shared/constants';
import { SESSION_COOKIE } from '@lombard/shared/locale';
import type { TokenPair } from '@lombard/shared/schemas/auth';
import { useSyncExternalStore } from 'react';
import { deleteCookie, readCookie, writeCookie } from '../cookies';

export const TOKEN_COOKIE = SESSION_COOKIE;

interface StoredSession {
  a: string;
  r: string;
  /** rememberMe: the lifetime to give the cookie again when a refresh rotates the tokens. */
  m: 0 | 1;
}

function read(): StoredSession | null {
  const raw = readCookie(TOKEN_COOKIE);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredSession>;
    if (typeof parsed.a !== 'string' || typeof parsed.r !== 'string') return null;
    return { a: parsed.a, r: parsed.r, m: parsed.m === 1 ? 1 : 0 };
  } catch {
    // A cookie we cannot read is no session.
    return null;
  }
}

const listeners = new Set<() => void>();
function emit(): void {
  for (const listener of listeners) listener();
}

export function readAccessToken(): string | null {
  return read()?.a ?? null;
}

export function readRefreshToken(): string | null {
  return read()?.r ?? null;
}

export function hasSession(): boolean {
  return read() !== null;
}

/** Saves a pair. `rememberMe` is given at login; a refresh keeps the lifetime chosen then. */
export function saveTokens(pair: TokenPair, rememberMe?: boolean): void {
  const remember = rememberMe ?? read()?.m === 1;
  const stored: StoredSession = { a: pair.access, r: pair.refresh, m: remember ? 1 : 0 };
  writeCookie(TOKEN_COOKIE, JSON.stringify(stored), remember ? { days: REMEMBER_ME_COOKIE_DAYS } : {});
  emit();
}

export function clearTokens(): void {
  if (readCookie(TOKEN_COOKIE) === null) return;
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

/** True while a token pair is stored. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribeTokens, signedInSnapshot, signedInSnapshot);
}

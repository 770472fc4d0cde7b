import { REMEMBER_ME_COOKIE_DAYS } from '@lombard/shared/constants';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as cookies from '../cookies';
import { clearTokens, hasSession, readAccessToken, readRefreshToken, saveTokens, TOKEN_COOKIE } from './token-store';

describe('token store (session cookie)', () => {
  beforeEach(() => {
    clearTokens();
    vi.restoreAllMocks();
  });

  it('keeps the pair for a day with rememberMe, and keeps that lifetime when a refresh rotates it', () => {
    const write = vi.spyOn(cookies, 'writeCookie');
    saveTokens({ access: 'a1', refresh: 'r1' }, true);
    expect(write).toHaveBeenLastCalledWith(TOKEN_COOKIE, expect.any(String), { days: REMEMBER_ME_COOKIE_DAYS });
    saveTokens({ access: 'a2', refresh: 'r2' });
    expect(write).toHaveBeenLastCalledWith(TOKEN_COOKIE, expect.any(String), { days: REMEMBER_ME_COOKIE_DAYS });
    expect(readAccessToken()).toBe('a2');
    expect(readRefreshToken()).toBe('r2');
  });

  it('uses a session cookie without rememberMe', () => {
    const write = vi.spyOn(cookies, 'writeCookie');
    saveTokens({ access: 'a1', refresh: 'r1' }, false);
    expect(write).toHaveBeenLastCalledWith(TOKEN_COOKIE, expect.any(String), {});
  });

  it('forgets the pair, and treats an unreadable cookie as no session', () => {
    saveTokens({ access: 'a1', refresh: 'r1' }, false);
    expect(hasSession()).toBe(true);
    clearTokens();
    expect(hasSession()).toBe(false);
    cookies.writeCookie(TOKEN_COOKIE, 'not json');
    expect(readAccessToken()).toBeNull();
  });
});

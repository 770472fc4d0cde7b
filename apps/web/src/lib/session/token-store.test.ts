import { REMEMBER_ME_COOKIE_DAYS } from '@lombard/shared/constants';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as cookies from '../cookies';
import { clearTokens, hasSession, readAccessToken, saveTokens, TOKEN_COOKIE } from './token-store';

describe('token store (access token in memory, a marker cookie)', () => {
  beforeEach(() => {
    clearTokens();
    vi.restoreAllMocks();
  });

  it('never puts a token in a cookie a script can read', () => {
    saveTokens({ access: 'secret-access' }, true);
    expect(readAccessToken()).toBe('secret-access');
    expect(document.cookie).not.toContain('secret-access');
    expect(document.cookie).toContain(`${TOKEN_COOKIE}=1`);
  });

  it('marks the device for a day with rememberMe, and a refresh keeps that lifetime', () => {
    const write = vi.spyOn(cookies, 'writeCookie');
    saveTokens({ access: 'a1' }, true);
    expect(write).toHaveBeenLastCalledWith(TOKEN_COOKIE, '1', { days: REMEMBER_ME_COOKIE_DAYS });
    write.mockClear();
    saveTokens({ access: 'a2' });
    expect(write).not.toHaveBeenCalled();
    expect(readAccessToken()).toBe('a2');
    expect(hasSession()).toBe(true);
  });

  it('uses a session cookie without rememberMe', () => {
    const write = vi.spyOn(cookies, 'writeCookie');
    saveTokens({ access: 'a1' }, false);
    expect(write).toHaveBeenLastCalledWith(TOKEN_COOKIE, '0', {});
  });

  it('forgets the session; a reload keeps the marker but no access token', () => {
    saveTokens({ access: 'a1' }, false);
    clearTokens();
    expect(hasSession()).toBe(false);
    expect(readAccessToken()).toBeNull();
  });
});

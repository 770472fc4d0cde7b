import { COOKIE_CONSENT_DAYS } from '@lombard/shared/constants';
import { CONSENT_COOKIE } from '@lombard/shared/locale';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  acceptAllCookies,
  getConsentState,
  hasConsent,
  openCookiePreferences,
  readConsent,
  rejectOptionalCookies,
  reloadConsent,
  saveConsent,
  subscribeConsent,
} from './consent';
import { deleteCookie, readCookie, writeCookie } from './cookies';

beforeEach(() => {
  deleteCookie(CONSENT_COOKIE);
  reloadConsent();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('cookie consent store', () => {
  it('starts undecided: only required cookies are allowed', () => {
    expect(readConsent()).toBeNull();
    expect(getConsentState().choice).toBeNull();
    expect(hasConsent('required')).toBe(true);
    expect(hasConsent('functional')).toBe(false);
    expect(hasConsent('analytics')).toBe(false);
  });

  it('remembers "accept all" in the consent cookie for 182 days', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      descriptor?.set?.call(document, value);
    });
    acceptAllCookies();
    const write = writes.find((value) => value.startsWith(`${CONSENT_COOKIE}=`));
    expect(write).toBeDefined();
    expect(write).toContain(`max-age=${COOKIE_CONSENT_DAYS * 86_400}`);
    expect(COOKIE_CONSENT_DAYS).toBe(182);
    expect(write).toContain('path=/');
    expect(write).toContain('SameSite=Lax');
    expect(hasConsent('functional')).toBe(true);
    expect(hasConsent('analytics')).toBe(true);
  });

  it('persists the choice: a fresh page load reads it back', async () => {
    saveConsent({ functional: true, analytics: false });
    expect(readCookie(CONSENT_COOKIE)).toBeTruthy();
    vi.resetModules();
    const fresh = await import('./consent');
    expect(fresh.getConsentState().choice).toMatchObject({ functional: true, analytics: false });
    expect(fresh.hasConsent('functional')).toBe(true);
    expect(fresh.hasConsent('analytics')).toBe(false);
  });

  it('"reject optional" keeps only the required cookies', () => {
    acceptAllCookies();
    rejectOptionalCookies();
    expect(readConsent()).toMatchObject({ functional: false, analytics: false });
    expect(hasConsent('analytics')).toBe(false);
    expect(hasConsent('required')).toBe(true);
  });

  it('treats an unreadable or outdated cookie as no decision', () => {
    writeCookie(CONSENT_COOKIE, 'not json', { days: 1 });
    expect(readConsent()).toBeNull();
    writeCookie(CONSENT_COOKIE, JSON.stringify({ v: 0, f: 1, a: 1, t: '2020-01-01T00:00:00.000Z' }), { days: 1 });
    expect(readConsent()).toBeNull();
  });

  it('notifies subscribers, opens the preferences and closes them on save', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeConsent(listener);
    openCookiePreferences();
    expect(getConsentState().preferencesOpen).toBe(true);
    saveConsent({ functional: false, analytics: true });
    expect(getConsentState().preferencesOpen).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    acceptAllCookies();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

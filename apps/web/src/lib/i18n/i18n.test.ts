import { LANGUAGE_COOKIE } from '@lombard/shared/locale';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteCookie, writeCookie } from '../cookies';
import { detectLocale } from './i18n';

function browserLanguages(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

afterEach(() => {
  vi.restoreAllMocks();
  deleteCookie(LANGUAGE_COOKIE);
});

describe('detectLocale', () => {
  it('prefers the language cookie over the browser', () => {
    browserLanguages(['en-US']);
    writeCookie(LANGUAGE_COOKIE, 'it-IT', { days: 1 });
    expect(detectLocale()).toBe('it-IT');
    writeCookie(LANGUAGE_COOKIE, 'en-US', { days: 1 });
    browserLanguages(['it-IT']);
    expect(detectLocale()).toBe('en-US');
  });

  it('uses a supported browser language when there is no cookie; en-GB counts as en-US', () => {
    browserLanguages(['en-GB', 'it']);
    expect(detectLocale()).toBe('en-US');
  });

  it('skips unsupported browser languages and falls back to it-IT', () => {
    browserLanguages(['de-DE', 'fr']);
    expect(detectLocale()).toBe('it-IT');
    browserLanguages(['fr-FR', 'en-AU']);
    expect(detectLocale()).toBe('en-US');
  });

  it('ignores a cookie with an unsupported value', () => {
    writeCookie(LANGUAGE_COOKIE, 'klingon', { days: 1 });
    browserLanguages(['es-ES']);
    expect(detectLocale()).toBe('it-IT');
  });
});

describe('calendar', () => {
  it('starts the week on Monday in both languages', () => {
    // 2026-11-26 is a Thursday.
    const thursday = dayjs('2026-11-26');
    expect(thursday.locale('it').startOf('week').format('YYYY-MM-DD')).toBe('2026-11-23');
    expect(thursday.locale('en').startOf('week').format('YYYY-MM-DD')).toBe('2026-11-23');
  });
});

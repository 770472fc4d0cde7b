import { THEME_COOKIE } from '@lombard/shared/locale';
import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { readCookie, writeCookie } from '../cookies';

/** The scheme the visitor chose, or null when the system's setting applies. */
export function readColorSchemeCookie(): 'light' | 'dark' | null {
  const saved = readCookie(THEME_COOKIE);
  return saved === 'light' || saved === 'dark' ? saved : null;
}

/**
 * Dark mode is remembered in a cookie; when there is none, the current setting (the system's)
 * is used. Mantine reads and writes the scheme through this manager.
 */
export function cookieColorSchemeManager(): MantineColorSchemeManager {
  return {
    get: (defaultValue) => readColorSchemeCookie() ?? defaultValue,
    set: (value: MantineColorScheme) => writeCookie(THEME_COOKIE, value, { days: 365 }),
    subscribe: () => {},
    unsubscribe: () => {},
    clear: () => writeCookie(THEME_COOKIE, '', { days: 0 }),
  };
}

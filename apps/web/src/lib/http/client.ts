// The one HTTP client. Every call carries Accept-Language from the current locale; the
// authorization header, the token-refresh queue and error display come from ./interceptors.
import { localeOf } from '@lombard/shared/locale';
import { currentLanguage } from '../i18n/i18n';
import { createHttpClient } from './http-client';
import { installInterceptors } from './interceptors';

export const http = createHttpClient({ baseURL: '/', timeout: 30_000 });

http.onRequest((request) => {
  request.headers['Accept-Language'] = localeOf(currentLanguage());
  return request;
});

export const refreshQueue = installInterceptors(http);

// The one HTTP client. Every call carries Accept-Language from the current locale; the
// authorization header, the token-refresh queue and error display come from ./interceptors.
import { localeOf } from '@lombard/shared/locale';
import axios from 'axios';
import { currentLanguage } from '../i18n/i18n';
import { installInterceptors } from './interceptors';

export const http = axios.create({ baseURL: '/', timeout: 30_000 });

http.interceptors.request.use((request) => {
  request.headers.set('Accept-Language', localeOf(currentLanguage()));
  return request;
});

export const refreshQueue = installInterceptors(http);

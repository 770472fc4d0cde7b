// The HTTP client for the modules the public site's app loads to hydrate a page (route lists, the
// public pages' calls, the global configuration). A server-rendered page arrives with its data
// (docs/decisions/006), so hydrating it makes no call: the client (axios, the token refresh, the error
// toasts) is fetched with the first call a visitor's action makes, not with the app.
import type { AxiosError, AxiosInstance } from 'axios';

export async function loadHttp(): Promise<AxiosInstance> {
  return (await import('./client')).http;
}

/** The status the server answered a failed call with; undefined when it did not answer (or not HTTP). */
export function responseStatus(error: unknown): number | undefined {
  // axios.isAxiosError, without loading axios: its errors carry this flag.
  const isHttpError = typeof error === 'object' && error !== null && (error as AxiosError).isAxiosError === true;
  return isHttpError ? (error as AxiosError).response?.status : undefined;
}

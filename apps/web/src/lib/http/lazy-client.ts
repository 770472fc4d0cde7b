// The HTTP client for the modules the public site's app loads to hydrate a page (route lists, the
// public pages' calls, the global configuration). A server-rendered page arrives with its data
// (docs/decisions/006), so hydrating it makes no call: the client (the token refresh, the error
// toasts) is fetched with the first call a visitor's action makes, not with the app.
import type { HttpClient } from './http-client';
import type { HttpError } from './http-error';

export async function loadHttp(): Promise<HttpClient> {
  return (await import('./client')).http;
}

/** The status the server answered a failed call with; undefined when it did not answer (or not HTTP). */
export function responseStatus(error: unknown): number | undefined {
  // isHttpError's test, written out: importing it would add a chunk to what the public app loads first.
  const httpError = typeof error === 'object' && error !== null && (error as HttpError).isHttpError === true;
  return httpError ? (error as HttpError).response?.status : undefined;
}

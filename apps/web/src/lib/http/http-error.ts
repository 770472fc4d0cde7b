// The errors of the HTTP client, apart from the client itself: code that only looks at a failure (a
// form's field errors, the public pages) tells them apart without loading the client.
import type { HttpRequest, HttpResponse } from './http-client';

/**
 * A call that failed: `response` is the server's answer (status outside 2xx); without it the server did
 * not answer (network down, timeout), which the interceptors show as maintenance.
 */
export class HttpError extends Error {
  // A flag rather than instanceof, so that responseStatus() can tell without importing this module's class.
  readonly isHttpError = true;

  constructor(
    message: string,
    readonly config: HttpRequest,
    readonly response?: HttpResponse,
    readonly code?: 'network' | 'timeout',
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return typeof error === 'object' && error !== null && (error as Partial<HttpError>).isHttpError === true;
}

/** The caller cancelled the call (TanStack Query dropping a query): nothing to show anyone. */
export class CanceledError extends Error {
  readonly isCanceled = true;

  constructor() {
    super('canceled');
    this.name = 'CanceledError';
  }
}

export function isCancel(error: unknown): error is CanceledError {
  return typeof error === 'object' && error !== null && (error as Partial<CanceledError>).isCanceled === true;
}

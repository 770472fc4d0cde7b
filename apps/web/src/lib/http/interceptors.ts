// The HTTP client's behaviour around every call, in one place:
// - Authorization header from the access token in memory; calls wait while a refresh runs, and a call
//   starting without one on a signed-in device (after a reload) first gets one with the refresh cookie;
// - 401 → the refresh queue, then the call is retried once with the new token; the token calls
//   themselves (login, refresh, logout) go straight back to the caller;
// - 405/502/504 → token removed, session cleared, maintenance state; other 5xx → maintenance state;
// - no answer at all (network down, timeout) → maintenance dialog;
// - 404 → "Element not found"; anything else → the formatted body as a red toast.
// A call can keep its 4xx errors to itself with `silent` (e.g. a form showing field errors inline).
import { COOKIE_SESSION_HEADER } from '@lombard/shared/locale';
import i18next from 'i18next';
import { showMaintenance } from '../maintenance';
import { notifyError } from '../notify';
import { clearLocalSession } from '../session/end-session';
import { loginPathFor, navigateTo } from '../session/navigation';
import { hasSession, readAccessToken, saveTokens } from '../session/token-store';
import { readErrorBody } from './error-format';
import { showErrorBody } from './error-toast';
import { createHttpClient, type HttpClient, type HttpRequest } from './http-client';
import { type HttpError, isCancel, isHttpError } from './http-error';
import { type AccessToken, RefreshQueue, SessionLostError } from './refresh-queue';

declare module './http-client' {
  interface RequestOptions {
    /** No Authorization header and no refresh flow (the token calls, public one-time links). */
    skipAuth?: boolean;
    /**
     * The caller shows these 4xx errors itself instead of the global toast: `true` for every 4xx, or a
     * list of statuses. Maintenance states (5xx, network) are always shown.
     */
    silent?: boolean | readonly number[];
    /** Set on the one retry after a refresh. */
    retriedAfterRefresh?: boolean;
  }
}

export const TOKEN_AUTH_URL = '/api/account/token/auth/';
export const TOKEN_REFRESH_URL = '/api/account/token/refresh/';
export const TOKEN_LOGOUT_URL = '/api/account/token/logout/';
const TOKEN_CALL = /\/api\/account\/token\/(auth|refresh|logout)\/?$/;

const CLEAR_SESSION_STATUSES = new Set([405, 502, 504]);

const REFRESH_LOCK = 'lombard-token-refresh';

/** On the token calls: "the refresh token is in the cookie" (the server neither answers nor wants it). */
export const COOKIE_SESSION = { [COOKIE_SESSION_HEADER]: 'cookie' } as const;

/** The Web Locks API (secure contexts only: https, localhost) serialises refreshes across tabs. */
function acrossTabs<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(REFRESH_LOCK, task) : task();
}

/** Errors the HTTP layer already dealt with (session ended, maintenance shown, toast shown). */
const handled = new WeakSet<object>();
export function isHandledError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && handled.has(error);
}

function isTokenCall(config: HttpRequest): boolean {
  return TOKEN_CALL.test(config.url);
}

function isSilenced(config: HttpRequest, status: number): boolean {
  const silent = config.silent;
  if (silent === true) return true;
  return Array.isArray(silent) && silent.includes(status);
}

function sentAccessToken(config: HttpRequest): string | null {
  const header = config.headers.Authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : null;
}

export function installInterceptors(instance: HttpClient): RefreshQueue {
  // The refresh and the logout that ends a lost session bypass these interceptors: their failures are
  // part of the session logic (they end the session), not something to show the user.
  const bare = createHttpClient({
    baseURL: instance.defaults.baseURL,
    timeout: instance.defaults.timeout,
    // Whatever transport the instance has when the call is made (the server renderer sets its own).
    transport: (request, signal) => instance.defaults.transport(request, signal),
  });
  const revoke = () =>
    bare.post(TOKEN_LOGOUT_URL, {}, { headers: COOKIE_SESSION }).then(
      () => undefined,
      () => undefined,
    );

  const queue = new RefreshQueue({
    readAccessToken,
    // The server renderer never refreshes: it has no refresh cookie, and renders what anyone may see.
    hasSession: () => typeof window !== 'undefined' && hasSession(),
    requestRefresh: async (): Promise<AccessToken> => {
      const response = await bare.post(TOKEN_REFRESH_URL, {}, { headers: COOKIE_SESSION });
      // Loaded here: the schema library stays out of the public site's app (docs/decisions/006).
      const { accessTokenSchema } = await import('@lombard/shared/schemas/auth');
      return accessTokenSchema.parse(response.data);
    },
    saveTokens: (tokens) => saveTokens(tokens),
    exclusive: acrossTabs,
    isRefreshRejected: (error) => {
      const status = isHttpError(error) ? error.response?.status : undefined;
      return status !== undefined && status >= 400 && status < 500;
    },
    onSessionLost: () => {
      const signedIn = hasSession();
      clearLocalSession();
      if (signedIn) void revoke();
      // Public pages simply show the visitor signed out; the customer area goes to login and back.
      const here = `${window.location.pathname}${window.location.search}`;
      if (here.startsWith('/customer')) navigateTo(loginPathFor(here));
    },
  });

  instance.onRequest(async (config) => {
    if (config.skipAuth || isTokenCall(config)) return config;
    // A call starting while the token is being refreshed goes out with the new one; the first call after
    // a reload waits for one. A lost session sends it anonymous (the refresh queue already ended it).
    const access = await queue.ensureAccess().catch(() => null);
    if (access) config.headers.Authorization = `Bearer ${access}`;
    return config;
  });

  instance.onResponse(
    (response) => {
      queue.noteSuccess();
      return response;
    },
    async (error: unknown) => {
      if (isCancel(error) || !isHttpError(error)) throw error;
      const config = error.config;
      const status = error.response?.status;

      if (status === 401 && !config.skipAuth && !isTokenCall(config)) {
        try {
          if (!config.retriedAfterRefresh) {
            const access = await queue.onUnauthorized(sentAccessToken(config));
            config.retriedAfterRefresh = true;
            config.headers.Authorization = `Bearer ${access}`;
            // The retry's own failure is handled by its own pass through this interceptor.
            return instance.request(config);
          }
          queue.note401();
        } catch (cause) {
          if (cause instanceof SessionLostError) {
            handled.add(error);
            throw error;
          }
          throw cause;
        }
      }
      await display(error, config);
      throw error;
    },
  );

  return queue;
}

async function display(error: HttpError, config: HttpRequest): Promise<void> {
  const status = error.response?.status;
  if (status === undefined) {
    // No answer: the server cannot be reached.
    showMaintenance({ loggedIn: hasSession() });
    handled.add(error);
    return;
  }
  if (CLEAR_SESSION_STATUSES.has(status)) {
    const loggedIn = hasSession();
    clearLocalSession();
    showMaintenance({ loggedIn });
    handled.add(error);
    return;
  }
  if (status >= 500) {
    // Any other server error: the maintenance state, and the error goes on to the caller without a message.
    showMaintenance({ loggedIn: hasSession() });
    handled.add(error);
    return;
  }
  if (isSilenced(config, status)) return;
  handled.add(error);
  if (status === 404) {
    await i18next.loadNamespaces('errors');
    notifyError(i18next.t('errors:notFound'), { id: 'http-not-found' });
    return;
  }
  await showErrorBody(await readErrorBody(error.response?.data), status);
}

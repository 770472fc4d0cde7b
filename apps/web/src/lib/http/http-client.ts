// The app's HTTP client on fetch, in place of axios (docs/decisions/015): the part of axios the app
// used — a base URL, a timeout, JSON bodies and answers, query parameters, request and response hooks,
// errors carrying the server's answer — in a fraction of its size. The transport is replaceable: the
// server renderer answers calls in-process, component tests answer them from the test.
import { CanceledError, HttpError, isHttpError } from './http-error';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

type ParamValue = string | number | boolean | null | undefined;
export type Params = URLSearchParams | Record<string, ParamValue | readonly ParamValue[]>;

export interface UploadProgress {
  loaded: number;
  /** Unknown when the browser cannot tell the body's size. */
  total?: number;
}

/** What a call may set besides its URL, method and body; ./interceptors adds its own fields. */
export interface RequestOptions {
  baseURL?: string;
  params?: Params;
  headers?: Record<string, string>;
  /** Milliseconds before the call is given up as unanswered; 0 for none. */
  timeout?: number;
  signal?: AbortSignal;
  /** JSON (the default) falls back to the text when the body is not JSON. */
  responseType?: 'json' | 'blob' | 'text';
  onUploadProgress?: (progress: UploadProgress) => void;
}

export interface RequestConfig extends RequestOptions {
  url: string;
  method?: Method;
  data?: unknown;
}

/** A call as the hooks and the transport see it. */
export interface HttpRequest extends RequestConfig {
  method: Method;
  headers: Record<string, string>;
  /** The body as sent: objects are JSON text by now; FormData, Blob, URLSearchParams and strings as given. */
  data?: unknown;
}

// biome-ignore lint/suspicious/noExplicitAny: as with axios, callers parse or type the body they expect
type AnyBody = any;

export interface HttpResponse<T = AnyBody> {
  data: T;
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
}

/**
 * Sends a call and resolves with the answer whatever its status; rejects only when there is none. The
 * signal aborts on the caller's cancel and on the timeout.
 */
export type Transport = (request: HttpRequest, signal: AbortSignal) => Promise<HttpResponse>;

export interface HttpDefaults {
  baseURL: string;
  timeout: number;
  headers: Record<string, string>;
  transport: Transport;
}

type RequestHook = (request: HttpRequest) => HttpRequest | Promise<HttpRequest>;
type ResponseHook = (response: HttpResponse) => HttpResponse | Promise<HttpResponse>;
type FailureHook = (error: unknown) => HttpResponse | Promise<HttpResponse>;

// Axios's encoding of plain-object parameters (':', '$' and ',' as they are), so the wire format stays.
const encode = (value: string) =>
  encodeURIComponent(value).replace(/%3A/gi, ':').replace(/%24/g, '$').replace(/%2C/gi, ',').replace(/%20/g, '+');

/** The query string of `params`: URLSearchParams as they are; an object without its empty values, arrays as repeated keys. */
export function serializeParams(params: Params | undefined): string {
  if (!params) return '';
  if (params instanceof URLSearchParams) return params.toString();
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== null && item !== undefined) parts.push(`${encode(key)}=${encode(String(item))}`);
    }
  }
  return parts.join('&');
}

/** The address a call goes to: base URL, path and query. */
export function requestUrl({ url, baseURL, params }: Pick<HttpRequest, 'url' | 'baseURL' | 'params'>): string {
  const absolute = /^([a-z][a-z\d+.-]*:)?\/\//i.test(url);
  const full = absolute || !baseURL ? url : `${baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
  const query = serializeParams(params);
  return query ? `${full}${full.includes('?') ? '&' : '?'}${query}` : full;
}

/** A JSON answer, or the text itself when it is not JSON (a proxy's error page). */
export function parseBody(text: string): unknown {
  if (!text) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isJsonBody(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  return !(data instanceof FormData || data instanceof Blob || data instanceof URLSearchParams);
}

export const fetchTransport: Transport = async (request, signal) => {
  // fetch cannot tell how much of a body went out; uploads showing a progress bar go through XHR.
  if (request.onUploadProgress) return (await import('./upload-transport')).uploadTransport(request, signal);
  const response = await fetch(requestUrl(request), {
    method: request.method.toUpperCase(),
    headers: request.headers,
    body: request.data as BodyInit | undefined,
    signal,
  });
  const { responseType } = request;
  const data =
    responseType === 'blob'
      ? await response.blob()
      : responseType === 'text'
        ? await response.text()
        : parseBody(await response.text());
  return { data, status: response.status, headers: Object.fromEntries(response.headers) };
};

export type HttpClient = ReturnType<typeof createHttpClient>;

export function createHttpClient(init: Partial<HttpDefaults> = {}) {
  const defaults: HttpDefaults = {
    baseURL: '/',
    timeout: 0,
    headers: { Accept: 'application/json, text/plain, */*' },
    transport: fetchTransport,
    ...init,
  };
  const requestHooks: RequestHook[] = [];
  const responseHooks: Array<[ResponseHook | undefined, FailureHook | undefined]> = [];

  function prepare(config: RequestConfig): HttpRequest {
    const headers = { ...defaults.headers, ...config.headers };
    let data = config.data;
    // A retried call comes back with its body already JSON text, and keeps its Content-Type.
    if (isJsonBody(data)) {
      data = JSON.stringify(data);
      if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
        headers['Content-Type'] = 'application/json';
      }
    }
    return {
      baseURL: defaults.baseURL,
      timeout: defaults.timeout,
      ...config,
      method: config.method ?? 'get',
      headers,
      data,
    };
  }

  function send(request: HttpRequest): Promise<HttpResponse> {
    const { signal: caller, timeout } = request;
    if (caller?.aborted) return Promise.reject(new CanceledError());
    const controller = new AbortController();
    return new Promise<HttpResponse>((resolve, reject) => {
      const stop = (error: Error) => {
        reject(error);
        controller.abort();
      };
      const onCancel = () => stop(new CanceledError());
      caller?.addEventListener('abort', onCancel);
      // A timeout is "no answer", like a network failure: the interceptors show maintenance.
      const timer = timeout
        ? setTimeout(
            () => stop(new HttpError(`timeout of ${timeout} ms exceeded`, request, undefined, 'timeout')),
            timeout,
          )
        : undefined;
      defaults
        .transport(request, controller.signal)
        .then(
          (response) => {
            if (response.status >= 200 && response.status < 300) resolve(response);
            else reject(new HttpError(`Request failed with status code ${response.status}`, request, response));
          },
          (cause: unknown) => {
            reject(isHttpError(cause) ? cause : new HttpError(String(cause), request, undefined, 'network'));
          },
        )
        .catch(reject)
        .finally(() => {
          clearTimeout(timer);
          caller?.removeEventListener('abort', onCancel);
        });
    });
  }

  function request<T = AnyBody>(config: RequestConfig): Promise<HttpResponse<T>> {
    // As in axios, one chain: a hook's failure reaches the failure hooks after it.
    let chain: Promise<unknown> = Promise.resolve(prepare(config));
    for (const hook of requestHooks) chain = chain.then((value) => hook(value as HttpRequest));
    chain = chain.then((value) => send(value as HttpRequest));
    for (const [fulfilled, rejected] of responseHooks) {
      chain = chain.then(fulfilled && ((value) => fulfilled(value as HttpResponse)), rejected);
    }
    return chain as Promise<HttpResponse<T>>;
  }

  return {
    defaults,
    request,
    /** Runs on every call before it is sent, in the order added. */
    onRequest(hook: RequestHook) {
      requestHooks.push(hook);
    },
    /** Runs on every answer (or failure) in the order added, each on what the previous one returned. */
    onResponse(fulfilled?: ResponseHook, rejected?: FailureHook) {
      responseHooks.push([fulfilled, rejected]);
    },
    get: <T = AnyBody>(url: string, options?: RequestOptions) => request<T>({ ...options, url, method: 'get' }),
    delete: <T = AnyBody>(url: string, options?: RequestOptions) => request<T>({ ...options, url, method: 'delete' }),
    post: <T = AnyBody>(url: string, data?: unknown, options?: RequestOptions) =>
      request<T>({ ...options, url, data, method: 'post' }),
    put: <T = AnyBody>(url: string, data?: unknown, options?: RequestOptions) =>
      request<T>({ ...options, url, data, method: 'put' }),
    patch: <T = AnyBody>(url: string, data?: unknown, options?: RequestOptions) =>
      request<T>({ ...options, url, data, method: 'patch' }),
  };
}

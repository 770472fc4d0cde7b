import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, requestUrl } from './http-client';
import { HttpError, isCancel, isHttpError } from './http-error';
import { responseStatus } from './lazy-client';

type FetchArgs = [url: string, init: RequestInit];

/** fetch answered by `answer`, recording what was sent. */
function stubFetch(answer: (url: string, init: RequestInit) => Promise<Response> | Response) {
  const calls: FetchArgs[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push([url, init]);
      return answer(url, init);
    }),
  );
  return calls;
}

/** fetch that never answers, but gives up when its signal aborts, as the browser's does. */
function stubSilentServer() {
  const signals: AbortSignal[] = [];
  stubFetch(
    (_url, init) =>
      new Promise<Response>((_resolve, reject) => {
        const signal = init.signal as AbortSignal;
        signals.push(signal);
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
  return signals;
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('addresses', () => {
  it('joins the base URL and the path, and leaves absolute addresses alone', () => {
    expect(requestUrl({ baseURL: '/', url: '/api/v1/wallet/' })).toBe('/api/v1/wallet/');
    expect(requestUrl({ baseURL: '/', url: 'api/v1/wallet/' })).toBe('/api/v1/wallet/');
    expect(requestUrl({ baseURL: '/', url: 'https://example.com/x/' })).toBe('https://example.com/x/');
  });

  it('sends object parameters as axios did: empty values left out, arrays as repeated keys', () => {
    const url = requestUrl({
      baseURL: '/',
      url: '/api/v1/products/',
      params: { per_page: 50, status: 'active', period: null, page: undefined, ids: [1, 2], at: '10:30, today' },
    });
    expect(url).toBe('/api/v1/products/?per_page=50&status=active&ids=1&ids=2&at=10:30,+today');
  });

  it('sends URLSearchParams as they are, after a query already in the path', () => {
    const params = new URLSearchParams([
      ['page', '2'],
      ['status', 'a'],
      ['status', 'b'],
    ]);
    expect(requestUrl({ baseURL: '/', url: '/api/x/?q=1', params })).toBe('/api/x/?q=1&page=2&status=a&status=b');
  });
});

describe('bodies', () => {
  it('sends an object as JSON with its content type, the method in capitals', async () => {
    const calls = stubFetch(() => json({ ok: true }));
    const http = createHttpClient();
    const { data, status } = await http.patch('/api/x/', { amount: '10.00' }, { headers: { 'Idempotency-Key': 'k' } });
    expect([data, status]).toEqual([{ ok: true }, 200]);
    const [url, init] = calls[0]!;
    expect(url).toBe('/api/x/');
    expect(init.method).toBe('PATCH');
    expect(init.body).toBe('{"amount":"10.00"}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', 'Idempotency-Key': 'k' });
  });

  it('sends FormData as it is, leaving the multipart content type to the browser', async () => {
    const calls = stubFetch(() => json({}));
    const body = new FormData();
    body.append('name', 'x');
    await createHttpClient().post('/api/upload/', body);
    const init = calls[0]![1];
    expect(init.body).toBe(body);
    expect(Object.keys(init.headers as object).map((name) => name.toLowerCase())).not.toContain('content-type');
  });

  it('reads a body that is not JSON as text, and a download as a Blob with its headers', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 200 }));
    expect((await createHttpClient().get('/x/')).data).toBe('<html>Bad gateway</html>');

    stubFetch(() => new Response('xlsx', { headers: { 'Content-Disposition': 'attachment; filename="a.xlsx"' } }));
    const response = await createHttpClient().get<Blob>('/file/', { responseType: 'blob' });
    expect(response.data).toBeInstanceOf(Blob);
    expect(await response.data.text()).toBe('xlsx');
    expect(response.headers['content-disposition']).toBe('attachment; filename="a.xlsx"');
  });
});

describe('failures', () => {
  it('fails a call answered outside 2xx with the answer and the call', async () => {
    stubFetch(() => json({ detail: 'Not found.' }, 404, { 'Retry-After': '3' }));
    const error = await createHttpClient()
      .get('/api/products/9/', { silent: [404] })
      .catch((e: unknown) => e);
    expect(isHttpError(error)).toBe(true);
    if (!isHttpError(error)) return;
    expect(error.response).toEqual({ status: 404, data: { detail: 'Not found.' }, headers: expect.any(Object) });
    expect(error.response?.headers['retry-after']).toBe('3');
    expect(error.config).toMatchObject({ url: '/api/products/9/', method: 'get', silent: [404] });
  });

  it('fails a call the server did not answer without a response', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await createHttpClient()
      .get('/x/')
      .catch((e: unknown) => e);
    expect(isHttpError(error) && error.code).toBe('network');
    expect(isHttpError(error) && error.response).toBeUndefined();
  });

  it('gives up after the timeout, aborting the request, as a call without an answer', async () => {
    vi.useFakeTimers();
    const signals = stubSilentServer();
    const call = createHttpClient({ timeout: 30_000 })
      .get('/x/')
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(signals[0]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await call;
    expect(isHttpError(error) && error.code).toBe('timeout');
    expect(isHttpError(error) && error.response).toBeUndefined();
    expect(signals[0]?.aborted).toBe(true);
  });

  it("stops on the caller's signal with a cancel, aborting the request", async () => {
    const signals = stubSilentServer();
    const controller = new AbortController();
    const call = createHttpClient()
      .get('/x/', { signal: controller.signal })
      .catch((e: unknown) => e);
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    controller.abort();
    const error = await call;
    expect(isCancel(error)).toBe(true);
    expect(isHttpError(error)).toBe(false);
    expect(signals[0]?.aborted).toBe(true);
  });

  it('gives the status of a failed call to the public pages, which do not load the client', () => {
    const config = { url: '/x/', method: 'get', headers: {} } as const;
    expect(responseStatus(new HttpError('x', config, { status: 429, data: null, headers: {} }))).toBe(429);
    expect(responseStatus(new HttpError('x', config, undefined, 'network'))).toBeUndefined();
    expect(responseStatus(new Error('x'))).toBeUndefined();
  });

  it('does not send a call whose signal is already aborted', async () => {
    const calls = stubFetch(() => json({}));
    const error = await createHttpClient()
      .get('/x/', { signal: AbortSignal.abort() })
      .catch((e: unknown) => e);
    expect(isCancel(error)).toBe(true);
    expect(calls).toHaveLength(0);
  });
});

describe('hooks and transport', () => {
  it('lets a failure hook retry the call as it was sent, body included', async () => {
    const calls = stubFetch((_url, init) =>
      (init.headers as Record<string, string>).Authorization === 'Bearer new' ? json({ ok: 1 }) : json({}, 401),
    );
    const http = createHttpClient();
    http.onRequest((request) => {
      request.headers.Authorization ??= 'Bearer old';
      return request;
    });
    http.onResponse(undefined, (error) => {
      if (!isHttpError(error) || error.config.retriedAfterRefresh) throw error;
      error.config.retriedAfterRefresh = true;
      error.config.headers.Authorization = 'Bearer new';
      return http.request(error.config);
    });
    expect((await http.post('/x/', { a: 1 })).data).toEqual({ ok: 1 });
    expect(calls.map(([, init]) => init.body)).toEqual(['{"a":1}', '{"a":1}']);
  });

  it('sends through the transport set on the defaults at the time of the call', async () => {
    const http = createHttpClient();
    http.defaults.transport = async (request) => ({ status: 200, data: request.url, headers: {} });
    expect((await http.get('/in-process/')).data).toBe('/in-process/');
  });

  it('sends uploads with a progress callback through XMLHttpRequest, reporting the bytes sent', async () => {
    const sent: Array<{ method: string; url: string; body: unknown }> = [];
    class FakeXhr {
      upload: { onprogress?: (event: Partial<ProgressEvent>) => void } = {};
      responseType = '';
      status = 0;
      responseText = '';
      onload?: () => void;
      private target = { method: '', url: '' };
      open(method: string, url: string) {
        this.target = { method, url };
      }
      setRequestHeader() {}
      getAllResponseHeaders() {
        return 'Content-Type: application/json\r\n';
      }
      send(body: unknown) {
        sent.push({ ...this.target, body });
        this.upload.onprogress?.({ loaded: 50, total: 100, lengthComputable: true });
        this.status = 201;
        this.responseText = '{"id":7}';
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: Array<{ loaded: number; total?: number }> = [];
    const body = new FormData();
    const response = await createHttpClient().post('/api/docs/', body, {
      onUploadProgress: (event) => progress.push(event),
    });
    expect(response).toEqual({ status: 201, data: { id: 7 }, headers: { 'content-type': 'application/json' } });
    expect(sent).toEqual([{ method: 'POST', url: '/api/docs/', body }]);
    expect(progress).toEqual([{ loaded: 50, total: 100 }]);
  });
});

import { MAX_CONSECUTIVE_401 } from '@lombard/shared/constants';
import i18next from 'i18next';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { showMaintenance } from '../maintenance';
import { notifyError } from '../notify';
import { readAccessToken, saveTokens } from '../session/token-store';
import { createHttpClient, type HttpRequest, type Transport } from './http-client';
import { isCancel, isHttpError } from './http-error';
import { installInterceptors, isHandledError } from './interceptors';

vi.mock('../maintenance', () => ({ showMaintenance: vi.fn(() => true) }));
vi.mock('../notify', () => ({ notifyError: vi.fn(() => 'id') }));

type Handler = (config: HttpRequest) => { status: number; data?: unknown } | 'network';

/** A client whose "server" is a function of the request, with the interceptors installed. */
function makeClient(handler: Handler) {
  const calls: Array<{ url: string; auth: string | null; data: unknown; session: string | null }> = [];
  const transport: Transport = async (config) => {
    calls.push({
      url: config.url,
      auth: config.headers.Authorization ?? null,
      session: config.headers['x-lombard-session'] ?? null,
      data: typeof config.data === 'string' ? JSON.parse(config.data) : null,
    });
    // Let concurrent calls overlap as they would over a network.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const answer = handler(config);
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return { status: answer.status, data: answer.data ?? null, headers: {} };
  };
  const instance = createHttpClient({ baseURL: '/', transport });
  const queue = installInterceptors(instance);
  return { instance, calls, queue };
}

const REFRESH = '/api/account/token/refresh/';

beforeAll(async () => {
  await i18next.init({
    lng: 'en',
    resources: {
      en: {
        errors: {
          notFound: 'Element not found',
          generic: 'Not possible now',
          notAllowed: 'Sorry, you are not allowed to access this page',
          invalidData: "There's something wrong with your data. Please review your information.",
        },
      },
    },
  });
});

beforeEach(() => {
  vi.mocked(showMaintenance).mockClear();
  vi.mocked(notifyError).mockClear();
  saveTokens({ access: 'a1' });
  window.history.replaceState(null, '', '/customer/wallet/');
});

describe('authorization and refresh', () => {
  it('sends the stored access token', async () => {
    const { instance, calls } = makeClient(() => ({ status: 200, data: {} }));
    await instance.get('/api/account/me/');
    expect(calls[0]?.auth).toBe('Bearer a1');
  });

  it('refreshes once for concurrent 401s and retries each call with the new token', async () => {
    const { instance, calls } = makeClient((config) => {
      if (config.url === REFRESH) return { status: 200, data: { access: 'a2' } };
      return config.headers.Authorization === 'Bearer a2' ? { status: 200, data: config.url } : { status: 401 };
    });
    const results = await Promise.all(['/one/', '/two/', '/three/'].map((url) => instance.get(url)));
    expect(results.map((r) => r.data)).toEqual(['/one/', '/two/', '/three/']);
    const refreshes = calls.filter((c) => c.url === REFRESH);
    expect(refreshes).toHaveLength(1);
    // The refresh token is the browser's httpOnly cookie: the call names the cookie session, no token.
    expect(refreshes[0]).toMatchObject({ data: {}, session: 'cookie', auth: null });
    expect(readAccessToken()).toBe('a2');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('ends the session when the refresh fails twice: token cleared, logout called, login with redirect', async () => {
    const assign = vi.fn();
    const { registerNavigator } = await import('../session/navigation');
    registerNavigator(assign);
    const { instance, calls } = makeClient((config) => {
      if (config.url === REFRESH) return 'network';
      if (config.url === '/api/account/token/logout/') return { status: 200 };
      return { status: 401 };
    });
    const error = await instance.get('/api/portfolio/').catch((e: unknown) => e);
    expect(isHandledError(error)).toBe(true);
    expect(calls.filter((c) => c.url === REFRESH)).toHaveLength(2);
    expect(readAccessToken()).toBeNull();
    await vi.waitFor(() => expect(calls.some((c) => c.url === '/api/account/token/logout/')).toBe(true));
    expect(calls.find((c) => c.url === '/api/account/token/logout/')).toMatchObject({ data: {}, session: 'cookie' });
    expect(assign).toHaveBeenCalledWith('/auth/login/?redirect=%2Fcustomer%2Fwallet%2F');
    expect(notifyError).not.toHaveBeenCalled();
    expect(showMaintenance).not.toHaveBeenCalled();
  });

  it('passes login failures to the caller without the refresh flow, with the detail as a toast', async () => {
    const { instance, calls } = makeClient(() => ({ status: 401, data: { detail: 'Wrong credentials', code: 'X' } }));
    const error = await instance
      .post('/api/account/token/auth/', { email: 'a@b.it', password: 'x' })
      .catch((e: unknown) => e);
    expect(isHttpError(error) && error.response?.status).toBe(401);
    expect(calls.map((c) => c.url)).toEqual(['/api/account/token/auth/']);
    expect(calls[0]?.auth).toBeNull();
    expect(notifyError).toHaveBeenCalledWith('Wrong credentials');
  });

  it(`gives up after more than ${MAX_CONSECUTIVE_401} consecutive 401s`, async () => {
    let refreshes = 0;
    const { instance } = makeClient((config) => {
      if (config.url === REFRESH) {
        refreshes += 1;
        return { status: 200, data: { access: `a${refreshes + 1}` } };
      }
      return { status: 401, data: { detail: 'no' } };
    });
    const outcomes: boolean[] = [];
    for (let i = 0; i < MAX_CONSECUTIVE_401; i += 1) {
      outcomes.push(
        await instance.get('/x/').then(
          () => true,
          () => readAccessToken() !== null,
        ),
      );
      if (!outcomes.at(-1)) break;
    }
    // Each call: 401, refresh, retry, 401 again — two in a row per call; the sixth call is the 11th 401.
    expect(outcomes).toEqual([true, true, true, true, true, false]);
    expect(refreshes).toBe(MAX_CONSECUTIVE_401 / 2);
  });

  it('after a reload, gets an access token with the refresh cookie before the first call', async () => {
    saveTokens({ access: 'a1' }, false);
    // A reload: the modules start again with nothing in memory; the marker cookie stays.
    vi.resetModules();
    const reloaded = await import('./interceptors');
    const { createHttpClient: create } = await import('./http-client');
    const calls: string[] = [];
    const instance = create({
      baseURL: '/',
      transport: async (config) => {
        calls.push(`${config.url} ${config.headers.Authorization ?? '-'}`);
        if (config.url === REFRESH) return { status: 200, data: { access: 'a2' }, headers: {} };
        const ok = config.headers.Authorization === 'Bearer a2';
        return { status: ok ? 200 : 401, data: config.url, headers: {} };
      },
    });
    reloaded.installInterceptors(instance);
    const results = await Promise.all(['/one/', '/two/'].map((url) => instance.get(url)));
    expect(results.map((r) => r.data)).toEqual(['/one/', '/two/']);
    expect(calls).toEqual([`${REFRESH} -`, '/one/ Bearer a2', '/two/ Bearer a2']);
  });
});

describe('error display', () => {
  it('shows "Element not found" for a 404 unless the caller keeps it', async () => {
    const { instance } = makeClient(() => ({ status: 404, data: { detail: 'x' } }));
    await instance.get('/api/products/9/').catch(() => {});
    expect(notifyError).toHaveBeenCalledWith('Element not found', { id: 'http-not-found' });
    vi.mocked(notifyError).mockClear();
    await instance.get('/api/products/9/', { silent: [404] }).catch(() => {});
    expect(notifyError).not.toHaveBeenCalled();
  });

  it.each([405, 502, 504])('on %i removes the token, clears the session and shows maintenance', async (status) => {
    const { instance } = makeClient(() => ({ status }));
    await instance.get('/api/x/').catch(() => {});
    expect(readAccessToken()).toBeNull();
    expect(showMaintenance).toHaveBeenCalledWith({ loggedIn: true });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('on 500 shows maintenance, keeps the token and shows no toast, even for a silent call', async () => {
    const { instance } = makeClient(() => ({ status: 500, data: { detail: 'boom' } }));
    await instance.get('/api/x/', { silent: true }).catch(() => {});
    expect(showMaintenance).toHaveBeenCalledWith({ loggedIn: true });
    expect(readAccessToken()).toBe('a1');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('on 503 (the database is unavailable) shows maintenance, keeps the session and shows no toast', async () => {
    const { instance } = makeClient(() => ({
      status: 503,
      data: {
        detail: 'Questa operazione non è possibile in questo momento. Riprova più tardi.',
        code: 'SERVICE_UNAVAILABLE',
      },
    }));
    const error = await instance.post('/api/v1/cash/withdrawals/', { amount: '100' }).catch((e: unknown) => e);
    expect(isHandledError(error)).toBe(true);
    expect(showMaintenance).toHaveBeenCalledWith({ loggedIn: true });
    expect(readAccessToken()).toBe('a1');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('shows the maintenance dialog when the server cannot be reached', async () => {
    const { clearTokens } = await import('../session/token-store');
    clearTokens();
    const { instance } = makeClient(() => 'network');
    const error = await instance.get('/api/x/').catch((e: unknown) => e);
    expect(isHandledError(error)).toBe(true);
    expect(showMaintenance).toHaveBeenCalledWith({ loggedIn: false });
  });

  it('shows the maintenance dialog when the server does not answer in time', async () => {
    const transport: Transport = () => new Promise(() => {});
    const instance = createHttpClient({ baseURL: '/', transport, timeout: 20 });
    installInterceptors(instance);
    const error = await instance.get('/api/x/').catch((e: unknown) => e);
    expect(isHttpError(error) && error.response).toBeUndefined();
    expect(isHandledError(error)).toBe(true);
    expect(showMaintenance).toHaveBeenCalledWith({ loggedIn: true });
  });

  it('shows nothing for a call its caller cancelled', async () => {
    const transport: Transport = () => new Promise(() => {});
    const instance = createHttpClient({ baseURL: '/', transport });
    installInterceptors(instance);
    const controller = new AbortController();
    const call = instance.get('/api/x/', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = await call;
    expect(isCancel(error)).toBe(true);
    expect(isHandledError(error)).toBe(false);
    expect(showMaintenance).not.toHaveBeenCalled();
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('shows other errors as the formatted body, as a list when there are several messages', async () => {
    const { instance } = makeClient(() => ({ status: 400, data: { first_name: ['Required.'], email: ['Bad.'] } }));
    await instance.post('/api/x/', {}).catch(() => {});
    const node = vi.mocked(notifyError).mock.calls[0]?.[0] as { props: { children: unknown[] } };
    expect(node.props.children).toHaveLength(2);
  });

  it('puts a field message no field can show under "something wrong with your data", not as a bare line', async () => {
    const { instance } = makeClient(() => ({
      status: 400,
      data: { 'residence.post_code': ['Enter a valid post code.'], code: 'VALIDATION_ERROR' },
    }));
    await instance.post('/api/x/', {}).catch(() => {});
    expect(notifyError).toHaveBeenCalledWith('residence.post code: Enter a valid post code.', {
      title: "There's something wrong with your data. Please review your information.",
    });
  });

  it('says a 403 is not allowed, with the reason the server gave', async () => {
    const { instance } = makeClient(() => ({
      status: 403,
      data: { detail: 'You do not have permission to perform this operation.', code: 'FORBIDDEN' },
    }));
    await instance.post('/api/x/', {}).catch(() => {});
    expect(notifyError).toHaveBeenCalledWith('You do not have permission to perform this operation.', {
      title: 'Sorry, you are not allowed to access this page',
    });
  });

  it('shows a plain refusal without a title', async () => {
    const { instance } = makeClient(() => ({ status: 409, data: { detail: 'Already done.', code: 'CONFLICT' } }));
    await instance.post('/api/x/', {}).catch(() => {});
    expect(notifyError).toHaveBeenCalledWith('Already done.');
  });

  it('leaves a silenced 400 to the caller', async () => {
    const { instance } = makeClient(() => ({ status: 400, data: { email: ['Bad.'] } }));
    const error = await instance.post('/api/x/', {}, { silent: [400] }).catch((e: unknown) => e);
    expect(isHandledError(error)).toBe(false);
    expect(notifyError).not.toHaveBeenCalled();
  });
});

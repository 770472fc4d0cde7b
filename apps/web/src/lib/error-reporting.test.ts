import { CONSENT_COOKIE } from '@lombard/shared/locale';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptAllCookies, rejectOptionalCookies, reloadConsent } from './consent';
import { deleteCookie } from './cookies';
import {
  type ErrorReportingSettings,
  followErrorReporting,
  reportError,
  startErrorReporting,
  stopErrorReporting,
} from './error-reporting';

const settings: ErrorReportingSettings = {
  dsn: 'https://public@sentry.example.com/1',
  environment: 'production',
  traces_sample_rate: 0.1,
  replays_session_sample_rate: 0.1,
  replays_on_error_sample_rate: 1,
};

function fakeSentry() {
  return {
    init: vi.fn(),
    close: vi.fn(async () => true),
    captureException: vi.fn(),
    browserTracingIntegration: vi.fn(() => ({ name: 'BrowserTracing' })),
    replayIntegration: vi.fn(() => ({ name: 'Replay' })),
  };
}
type Loader = NonNullable<Parameters<typeof startErrorReporting>[1]>;

beforeEach(() => {
  deleteCookie(CONSENT_COOKIE);
  reloadConsent();
});
afterEach(async () => {
  await stopErrorReporting();
});

describe('error reporting', () => {
  it('does not even download the SDK without analytics consent', async () => {
    const sentry = fakeSentry();
    const load = vi.fn(async () => sentry) as unknown as Loader;
    expect(await startErrorReporting(settings, load)).toBe(false);
    rejectOptionalCookies();
    expect(await startErrorReporting(settings, load)).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('stays off without a DSN even with consent', async () => {
    acceptAllCookies();
    const load = vi.fn(async () => fakeSentry()) as unknown as Loader;
    expect(await startErrorReporting({ ...settings, dsn: null }, load)).toBe(false);
    expect(await startErrorReporting(undefined, load)).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('starts once with the configured sample rates when a DSN and consent are present', async () => {
    acceptAllCookies();
    const sentry = fakeSentry();
    const load = vi.fn(async () => sentry) as unknown as Loader;
    expect(await startErrorReporting(settings, load)).toBe(true);
    expect(await startErrorReporting(settings, load)).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
    expect(sentry.init).toHaveBeenCalledTimes(1);
    expect(sentry.init).toHaveBeenCalledWith(
      expect.objectContaining({
        dsn: settings.dsn,
        environment: 'production',
        tracesSampleRate: 0.1,
        replaysSessionSampleRate: 0.1,
        replaysOnErrorSampleRate: 1,
      }),
    );

    const error = new Error('boom');
    reportError(error);
    await vi.waitFor(() => expect(sentry.captureException).toHaveBeenCalledWith(error));

    await stopErrorReporting();
    expect(sentry.close).toHaveBeenCalled();
    reportError(new Error('after stop'));
    await Promise.resolve();
    expect(sentry.captureException).toHaveBeenCalledTimes(1);
  });

  it('survives an SDK that cannot be downloaded', async () => {
    acceptAllCookies();
    const load = vi.fn(async () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    }) as unknown as Loader;
    expect(await startErrorReporting(settings, load)).toBe(false);
    expect(() => reportError(new Error('x'))).not.toThrow();
  });

  it('on a page of islands, starts when the visitor accepts analytics and stops when they withdraw it', async () => {
    const sentry = fakeSentry();
    const load = vi.fn(async () => sentry) as unknown as Loader;
    followErrorReporting(settings, load);
    expect(load).not.toHaveBeenCalled();
    acceptAllCookies();
    await vi.waitFor(() => expect(sentry.init).toHaveBeenCalledTimes(1));
    rejectOptionalCookies();
    await vi.waitFor(() => expect(sentry.close).toHaveBeenCalledTimes(1));
  });
});

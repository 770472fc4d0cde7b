// The login page says why a sign-in was refused, branching on the error code: when to try again after
// too many attempts, that the account is disabled (with the support address the server gives), that the
// address is not confirmed yet (with a button that sends the link again), or the generic refusal.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../lib/theme/theme';
import { createTestI18n } from '../../test/render';
import { LoginPage } from './login-page';

const server = vi.hoisted(() => ({
  refusal: { status: 401, body: {} as Record<string, unknown>, headers: {} as Record<string, string> },
  calls: [] as Array<{ url: string; body: unknown }>,
}));

vi.mock('../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));
vi.mock('../../lib/http/client', async () => {
  const { createHttpClient } = await import('../../lib/http/http-client');
  const http = createHttpClient();
  http.defaults.transport = async (config) => {
    const url = config.url ?? '';
    server.calls.push({ url, body: config.data ? JSON.parse(String(config.data)) : null });
    if (url === '/api/account/activation/resend/') {
      return {
        status: 200,
        data: {
          detail:
            'If this address belongs to an account that still has to be activated, we have sent it a new activation link.',
        },
        headers: {},
      };
    }
    const { status, body, headers } = server.refusal;
    return { status, data: body, headers };
  };
  return { http, refreshQueue: null };
});

function renderLogin(language: 'it' | 'en' = 'en') {
  const router = createMemoryRouter([{ path: '/auth/login/', element: <LoginPage /> }], {
    initialEntries: ['/auth/login/'],
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

async function signIn(email = 'mario@example.com') {
  const user = userEvent.setup();
  await user.type(screen.getByTestId('login-email'), email);
  await user.type(screen.getByTestId('login-password'), 'Some-password-1');
  await user.click(screen.getByTestId('login-submit'));
  return user;
}

beforeEach(() => {
  server.calls.length = 0;
});

describe('login page refusals', () => {
  it('too many attempts: the attempts message with when to try again (from Retry-After) and a reset link', async () => {
    server.refusal = {
      status: 429,
      body: { code: 'SIGN_IN_THROTTLED', detail: 'server text' },
      headers: { 'retry-after': '150' },
    };
    renderLogin();
    await signIn();
    const alert = await screen.findByTestId('login-throttled');
    expect(alert.textContent).toMatch(
      /^You have exceeded the maximum number of attempts\. Contact support\. You can try again in 3 minutes \(at .+\), or reset your password now\./,
    );
    expect(screen.getByRole('link', { name: 'Reset your password' }).getAttribute('href')).toBe(
      '/auth/forgot-password/',
    );
  });

  it('not activated: says so and sends the link again to the typed address on request', async () => {
    server.refusal = { status: 403, body: { code: 'ACCOUNT_NOT_ACTIVATED', detail: 'server text' }, headers: {} };
    renderLogin();
    const user = await signIn('pending@example.com');
    expect((await screen.findByTestId('login-not-activated')).textContent).toContain(
      'you have not confirmed your e-mail address yet',
    );
    await user.click(screen.getByTestId('login-resend'));
    expect((await screen.findByTestId('login-resend-done')).textContent).toBe(
      'If this address belongs to an account that still has to be activated, we have sent it a new activation link.',
    );
    expect(server.calls.at(-1)).toEqual({
      url: '/api/account/activation/resend/',
      body: { email: 'pending@example.com' },
    });
  });

  it('disabled: shows the server’s message, which names the support address', async () => {
    const detail =
      'Your account has been disabled, so you cannot log in. To find out why or to have it enabled again, write to help@lombard.example.';
    server.refusal = { status: 403, body: { code: 'ACCOUNT_DISABLED', detail }, headers: {} };
    renderLogin();
    await signIn();
    const alert = await screen.findByTestId('login-disabled');
    expect(alert.textContent).toContain('Account disabled');
    expect(alert.textContent).toContain(detail);
    expect(screen.queryByTestId('login-resend')).toBeNull();
  });

  it('a wrong password (or another 403 code): the generic refusal, no resend button', async () => {
    server.refusal = {
      status: 401,
      body: { code: 'INVALID_CREDENTIALS', detail: 'Unable to log in with the e-mail and password provided.' },
      headers: {},
    };
    renderLogin();
    await signIn();
    expect((await screen.findByTestId('login-refused')).textContent).toBe(
      'Unable to log in with the e-mail and password provided.',
    );
    expect(screen.queryByTestId('login-resend')).toBeNull();
  });
});

describe('login page in Italian', () => {
  it('names the show-password button in Italian', async () => {
    renderLogin('it');
    const toggle = await screen.findByRole('button', { name: 'Mostra o nascondi la password' });
    await userEvent.setup().click(toggle);
    expect(screen.getByTestId('login-password')).toHaveAttribute('type', 'text');
  });
});

// The activation link opened again (a reload, a second click in the e-mail): the page says the account is
// already active and offers to sign in, instead of an error about the verification.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, it, vi } from 'vitest';
import { theme } from '../../lib/theme/theme';
import { createTestI18n } from '../../test/render';
import { ActivationPage } from './activation-page';

vi.mock('../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));
vi.mock('../../lib/http/client', async () => {
  const { createHttpClient } = await import('../../lib/http/http-client');
  const http = createHttpClient();
  http.defaults.transport = async () => ({
    status: 200,
    data: {
      detail: 'Your account is already active: sign in with your e-mail address and password.',
      already_active: true,
    },
    headers: {},
  });
  return { http, refreshQueue: null };
});

it('a used activation link says the account is already active and leads to sign-in', async () => {
  const router = createMemoryRouter([{ path: '/user-account-activation/:uid/:token/', element: <ActivationPage /> }], {
    initialEntries: ['/user-account-activation/MTI/abc/'],
  });
  render(
    <I18nextProvider i18n={createTestI18n('en')}>
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  const notice = await screen.findByTestId('activation-already-active');
  expect(notice).toHaveTextContent('Your account is already active');
  expect(screen.queryByText(/error verifying/i)).toBeNull();
  expect(screen.getByTestId('activation-login')).toHaveAttribute('href', '/auth/login/');
});

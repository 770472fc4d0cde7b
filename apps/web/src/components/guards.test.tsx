import type { Me } from '@lombard/shared/schemas/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notifyError } from '../lib/notify';
import { sessionKeys } from '../lib/session/keys';
import { clearTokens, saveTokens } from '../lib/session/token-store';
import { renderWithProviders } from '../test/render';
import { RequireAuth } from './require-auth';
import { RequireProfile } from './require-profile';

vi.mock('../lib/notify', () => ({ notifyError: vi.fn(() => 'id') }));

function Where({ name }: { name: string }) {
  const location = useLocation();
  return <p data-testid="where">{`${name} ${location.pathname}${location.search}`}</p>;
}

function user(attributes: Me['attributes']): Me {
  return {
    email: 'u@example.com',
    full_name: 'U',
    first_name: 'U',
    last_name: '',
    contact: 1,
    profile: attributes[0] ?? null,
    attributes,
    referral_code: 'R',
    username: 'u',
    language: 'en',
    contact_avatar_base64: null,
    is_superuser: false,
  };
}

function renderAt(path: string, me?: Me) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  if (me) client.setQueryData(sessionKeys.me, me);
  const router = createMemoryRouter(
    [
      { path: '/auth/login/', element: <Where name="login" /> },
      { path: '/home/', element: <Where name="landing" /> },
      {
        path: '/customer/',
        Component: RequireAuth,
        children: [
          {
            Component: RequireProfile,
            children: [
              { path: 'home/', handle: { profiles: ['lead', 'customer', 'admin'] }, element: <Where name="home" /> },
              { path: 'cash/', handle: { profiles: ['customer', 'admin'] }, element: <Where name="cash" /> },
              { path: 'setting/', element: <Where name="setting" /> },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  clearTokens();
  vi.mocked(notifyError).mockClear();
});

describe('route guards', () => {
  it('send a signed-out visitor to login with the intended path', async () => {
    renderAt('/customer/cash/?tab=1');
    expect(await screen.findByTestId('where')).toHaveTextContent(
      'login /auth/login/?redirect=%2Fcustomer%2Fcash%2F%3Ftab%3D1',
    );
  });

  it('let a user holding the profile in', async () => {
    saveTokens({ access: 'a' });
    renderAt('/customer/cash/', user(['customer']));
    expect(await screen.findByTestId('where')).toHaveTextContent('cash /customer/cash/');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('let any signed-in user into a route without profiles', async () => {
    saveTokens({ access: 'a' });
    renderAt('/customer/setting/', user(['base']));
    expect(await screen.findByTestId('where')).toHaveTextContent('setting');
  });

  it('tell a user lacking the profile and send them home', async () => {
    saveTokens({ access: 'a' });
    renderAt('/customer/cash/', user(['lead']));
    expect(await screen.findByTestId('where')).toHaveTextContent('home /customer/home/');
    expect(notifyError).toHaveBeenCalledWith('Sorry, you are not allowed to access this page', { id: 'not-allowed' });
  });

  it('send a user who may not open home either to the landing home', async () => {
    saveTokens({ access: 'a' });
    renderAt('/customer/cash/', user(['base']));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('landing /home/'));
  });
});

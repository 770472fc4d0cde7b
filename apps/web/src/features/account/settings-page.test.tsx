// The settings screen saves every choice on the server: a notification preference or the theme goes to
// PUT profile/settings/ with the rest of the settings unchanged, the language through the account's
// change-language call.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { SettingsPage } from './settings-page';

const server = vi.hoisted(() => ({
  settings: {
    language: 'it',
    theme: 'light',
    notifications: { email_product_news: false, email_account_activity: true, sms_security: true },
  } as Record<string, unknown>,
  calls: [] as Array<{ method: string; url: string; body: unknown }>,
}));

vi.mock('../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));
vi.mock('../../lib/i18n/i18n', () => ({ currentLanguage: () => 'it', changeLocale: vi.fn() }));
vi.mock('../../lib/http/client', async () => {
  const { createHttpClient } = await import('../../lib/http/http-client');
  const http = createHttpClient();
  http.defaults.transport = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const body = config.data ? JSON.parse(String(config.data)) : undefined;
    server.calls.push({ method, url: config.url ?? '', body });
    const reply = (data: unknown) => ({ status: 200, data, headers: {} });
    if (config.url === '/api/v1/profile/settings/' && method === 'PUT') {
      server.settings = body;
      return reply(body);
    }
    if (config.url === '/api/v1/profile/settings/') return reply(server.settings);
    if (config.url === '/api/account/user/change-language/') return reply({ language: body.language });
    if (config.url === '/api/v1/profile/authenticator/')
      return reply({ enrolled: false, enrolled_at: null, recovery_codes_left: 0 });
    if (config.url === '/api/account/token/logout-all/') return reply({ detail: 'Signed out everywhere.' });
    throw new Error(`unexpected call ${method} ${config.url}`);
  };
  return { http };
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/customer/setting/']}>
        <Routes>
          <Route path="/customer/setting/" element={<SettingsPage />} />
          <Route path="/auth/login/" element={<p>login page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const saves = () => server.calls.filter((c) => c.method === 'PUT');

describe('SettingsPage', () => {
  beforeEach(() => {
    server.calls = [];
    server.settings = {
      language: 'it',
      theme: 'light',
      notifications: { email_product_news: false, email_account_activity: true, sms_security: true },
    };
  });

  it('shows the saved notification preferences', async () => {
    renderPage();
    const news = screen.getByTestId('settings-email_product_news');
    await waitFor(() => expect(news).toBeEnabled());
    expect(news).not.toBeChecked();
    expect(screen.getByTestId('settings-email_account_activity')).toBeChecked();
    expect(screen.getByTestId('settings-sms_security')).toBeChecked();
  });

  it('saves a notification preference on the server, keeping the other settings', async () => {
    renderPage();
    const news = screen.getByTestId('settings-email_product_news');
    await waitFor(() => expect(news).toBeEnabled());
    await userEvent.click(news);
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.body).toEqual({
      language: 'it',
      theme: 'light',
      notifications: { email_product_news: true, email_account_activity: true, sms_security: true },
    });
    await waitFor(() => expect(news).toBeChecked());
  });

  it('saves the chosen theme on the server', async () => {
    renderPage();
    await waitFor(() => expect(screen.getByTestId('settings-sms_security')).toBeEnabled());
    await userEvent.click(screen.getByText('Dark'));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.body).toMatchObject({ theme: 'dark', notifications: { email_product_news: false } });
  });

  it('saves the language on the account', async () => {
    renderPage();
    await waitFor(() => expect(screen.getByTestId('settings-sms_security')).toBeEnabled());
    await userEvent.click(screen.getByText('English'));
    await waitFor(() =>
      expect(server.calls).toContainEqual({
        method: 'PATCH',
        url: '/api/account/user/change-language/',
        body: { language: 'en' },
      }),
    );
  });

  it('signs out of every device only after the confirmation, once, then shows the sign-in page', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByTestId('sign-out-everywhere'));
    expect(server.calls.some((c) => c.url.includes('logout-all'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('sign-out-everywhere-confirm')).toBeNull());
    expect(server.calls.some((c) => c.url.includes('logout-all'))).toBe(false);

    await user.click(screen.getByTestId('sign-out-everywhere'));
    await user.dblClick(await screen.findByTestId('sign-out-everywhere-confirm'));
    expect(await screen.findByText('login page')).toBeDefined();
    expect(server.calls.filter((c) => c.method === 'POST' && c.url === '/api/account/token/logout-all/')).toHaveLength(
      1,
    );
  });
});

import type { Me, MenuItem } from '@lombard/shared/schemas/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http/client';
import { sessionKeys } from '../../lib/session/keys';
import { saveTokens } from '../../lib/session/token-store';
import { renderWithProviders } from '../../test/render';
import { fallbackMenuKeys, MainLayout } from './main-layout';

vi.mock('../../lib/http/client', () => ({ http: { get: vi.fn(), patch: vi.fn(), post: vi.fn() } }));

function me(attributes: Me['attributes']): Me {
  return {
    email: 'chiara@example.com',
    full_name: 'Chiara Conti',
    first_name: 'Chiara',
    last_name: 'Conti',
    contact: 1,
    profile: attributes[0] ?? null,
    attributes,
    referral_code: 'R',
    username: 'chiara',
    language: 'en',
    contact_avatar_base64: null,
    is_superuser: false,
  };
}

function renderLayout(user: Me) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionKeys.me, user);
  const router = createMemoryRouter(
    [{ path: '/customer/', Component: MainLayout, children: [{ path: 'product/', element: <p>page</p> }] }],
    { initialEntries: ['/customer/product/'] },
  );
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

async function navigationLabels() {
  const nav = await screen.findByTestId('main-navigation');
  await within(nav).findAllByRole('link');
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

beforeEach(() => {
  saveTokens({ access: 'a' });
  vi.mocked(http.get).mockReset();
});

describe('MainLayout navigation', () => {
  it('shows the server menu of the active profile', async () => {
    const menu: MenuItem[] = [
      { key: 'product', label: 'Fund', path: '/customer/product/', icon: 'chart-pie', position: 0 },
      { key: 'cash', label: 'Cash', path: '/customer/cash/', icon: 'cash', position: 1 },
    ];
    // The menu call, and the global configuration the footer reads.
    vi.mocked(http.get).mockImplementation(async (url: string) =>
      url.includes('global-config')
        ? { data: { social_links: [], newsletter_settings: {} }, status: 200, headers: {} }
        : { data: menu, status: 200, headers: {} },
    );
    renderLayout(me(['customer']));
    expect(await navigationLabels()).toEqual(['Fund', 'Cash']);
    expect(http.get).toHaveBeenCalledWith(
      '/api/v1/role/customer/menu/',
      expect.objectContaining({ params: { no_page: 'no_page' } }),
    );
    expect(screen.getByTestId('nav-product')).toHaveAttribute('data-active', 'true');
  });

  it('falls back to the five tabs when the menu cannot be loaded', async () => {
    vi.mocked(http.get).mockRejectedValue(new Error('down'));
    renderLayout(me(['customer']));
    expect(await navigationLabels()).toEqual(['Home', 'Portfolio', 'Funds', 'Transactions', 'Profile']);
  });

  it('falls back to the reduced set for a base profile', async () => {
    vi.mocked(http.get).mockRejectedValue(new Error('down'));
    renderLayout(me(['base']));
    expect(await navigationLabels()).toEqual(['Funds', 'Profile']);
  });
});

describe('MainLayout skip link', () => {
  it('is the first thing the keyboard reaches and takes focus to the page', async () => {
    vi.mocked(http.get).mockRejectedValue(new Error('down'));
    renderLayout(me(['customer']));
    await navigationLabels();
    const focusable = document.querySelectorAll<HTMLElement>(
      'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])',
    );
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(focusable[0]).toBe(skip);
    fireEvent.click(skip);
    const main = screen.getByRole('main');
    expect(main).toHaveFocus();
    expect(main).toHaveTextContent('page');
  });
});

describe('fallbackMenuKeys', () => {
  it('is the reduced set without a profile', () => {
    expect(fallbackMenuKeys(null)).toEqual(['product', 'profile']);
    expect(fallbackMenuKeys('admin')).toHaveLength(5);
  });
});

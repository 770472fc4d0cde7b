// The partner page's call to action: a visitor signs up with the partner as referral (or logs in); a
// signed-in customer goes to register their stock plan with that partner picked; a signed-in person who
// cannot borrow yet is sent to finish the profile.
import type { Me } from '@lombard/shared/schemas/auth';
import type { PublicPartner } from '@lombard/shared/schemas/partners';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '../../lib/session/keys';
import { clearTokens, saveTokens } from '../../lib/session/token-store';
import { renderWithProviders } from '../../test/render';
import { PartnerPage } from './partner-page';

vi.mock('../../lib/http/client', () => ({ http: { get: vi.fn(), patch: vi.fn(), post: vi.fn() } }));

const PARTNER: PublicPartner = {
  slug: 'vela-robotics',
  name: 'Vela Robotics',
  logo_svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>',
  brand_color: '#1e3a8a',
  loan_to_value: '0.4000',
  headline: 'Your Vela Robotics RSUs are worth something today',
  offer: 'An advance of up to 40% of your vested units.',
  translated_content: {},
};

const me = (profile: 'customer' | 'lead'): Me => ({
  email: 'chiara@example.com',
  full_name: 'Chiara Conti',
  first_name: 'Chiara',
  last_name: 'Conti',
  contact: 1,
  profile,
  attributes: [profile],
  referral_code: 'R',
  username: 'chiara',
  language: 'en',
  contact_avatar_base64: null,
  is_superuser: false,
});

function renderPage(user?: Me) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(['public', 'partner', PARTNER.slug, 'en'], PARTNER);
  if (user) client.setQueryData(sessionKeys.me, user);
  const router = createMemoryRouter([{ path: '/l/:partner/', element: <PartnerPage /> }], {
    initialEntries: [`/l/${PARTNER.slug}/`],
  });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => clearTokens());

describe('the partner page call to action', () => {
  it('offers a visitor the sign-up with the partner as referral, and the login', async () => {
    renderPage();
    expect(await screen.findByRole('link', { name: 'Sign up with Vela Robotics' })).toHaveAttribute(
      'href',
      '/auth/register-account/?partner=vela-robotics',
    );
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByTestId('partner-stock-plan')).not.toBeInTheDocument();
  });

  it('sends a signed-in customer to register their stock plan with the partner picked', async () => {
    saveTokens({ access: 'a' });
    renderPage(me('customer'));
    expect(await screen.findByRole('link', { name: 'Register your Vela Robotics stock plan' })).toHaveAttribute(
      'href',
      '/customer/loan/?partner=vela-robotics',
    );
    expect(screen.queryByTestId('partner-register')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('sends a signed-in person who cannot borrow yet to finish the profile', async () => {
    saveTokens({ access: 'a' });
    renderPage(me('lead'));
    expect(await screen.findByRole('link', { name: 'Complete your profile' })).toHaveAttribute(
      'href',
      '/customer/profile/',
    );
  });
});

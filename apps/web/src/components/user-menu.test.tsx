// The avatar button's name is what a speech-input user says to open it: it must contain the text the
// button shows (WCAG "label in name"), whatever the avatar draws.
import type { Me } from '@lombard/shared/schemas/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '../lib/session/keys';
import { saveTokens } from '../lib/session/token-store';
import { renderWithProviders } from '../test/render';
import { UserMenu } from './user-menu';

vi.mock('../lib/http/client', () => ({ http: { get: vi.fn(), patch: vi.fn(), post: vi.fn() } }));

const user: Me = {
  email: 'chiara@example.com',
  full_name: 'Chiara Conti',
  first_name: 'Chiara',
  last_name: 'Conti',
  contact: 1,
  profile: 'customer',
  attributes: ['customer'],
  referral_code: 'R',
  username: 'chiara',
  language: 'en',
  contact_avatar_base64: null,
  is_superuser: false,
};

function renderMenu(withName: boolean) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(sessionKeys.me, user);
  renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <UserMenu withName={withName} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const words = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim().toLowerCase();

beforeEach(() => saveTokens({ access: 'a' }));

describe('UserMenu button', () => {
  it.each([true, false])('its accessible name contains the text it shows (name shown: %s)', (withName) => {
    renderMenu(withName);
    const button = screen.getByRole('button', { name: 'Account menu of Chiara Conti' });
    expect(words(button.getAttribute('aria-label'))).toContain(words(button.textContent));
    if (!withName) expect(words(button.textContent)).toBe('');
  });

  it('still shows the initials, as a picture', () => {
    renderMenu(false);
    const button = screen.getByRole('button', { name: 'Account menu of Chiara Conti' });
    const initials = button.querySelector('[data-initials]');
    expect(initials).toHaveAttribute('data-initials', 'CC');
    expect(initials).toHaveAttribute('aria-hidden', 'true');
  });
});

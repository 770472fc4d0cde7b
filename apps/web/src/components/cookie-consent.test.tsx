import { CONSENT_COOKIE } from '@lombard/shared/locale';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RoutingContext } from '../lib/app-link';
import { closeCookiePreferences, hasConsent, openCookiePreferences, readConsent, reloadConsent } from '../lib/consent';
import { deleteCookie } from '../lib/cookies';
import { renderWithProviders } from '../test/render';
import { COOKIE_POLICY_PATH, CookieConsent } from './cookie-consent';

beforeEach(() => {
  deleteCookie(CONSENT_COOKIE);
  reloadConsent();
  closeCookiePreferences();
});

describe('CookieConsent', () => {
  it('shows the bar until a choice is made, then never again', async () => {
    const { unmount } = renderWithProviders(<CookieConsent />);
    const bar = screen.getByTestId('cookie-consent-bar');
    expect(within(bar).getByText('We respect your privacy')).toBeInTheDocument();
    await userEvent.click(within(bar).getByRole('button', { name: 'Accept all' }));
    expect(screen.queryByTestId('cookie-consent-bar')).toBeNull();
    expect(hasConsent('analytics')).toBe(true);
    unmount();

    // Next page load: the cookie is read back and the bar stays away.
    reloadConsent();
    renderWithProviders(<CookieConsent />);
    expect(screen.queryByTestId('cookie-consent-bar')).toBeNull();
  });

  it('"necessary only" is a single click', async () => {
    renderWithProviders(<CookieConsent />, { language: 'it' });
    await userEvent.click(screen.getByRole('button', { name: 'Solo necessari' }));
    expect(readConsent()).toMatchObject({ functional: false, analytics: false });
    expect(screen.queryByTestId('cookie-consent-bar')).toBeNull();
  });

  it('customise: required is locked on, the optional ones are chosen one by one', async () => {
    renderWithProviders(<CookieConsent />);
    await userEvent.click(screen.getByRole('button', { name: 'Customise' }));
    const dialog = await screen.findByRole('dialog');
    const required = within(dialog).getByTestId('cookie-switch-required');
    const functional = within(dialog).getByTestId('cookie-switch-functional');
    const analytics = within(dialog).getByTestId('cookie-switch-analytics');
    expect(required).toBeChecked();
    expect(required).toBeDisabled();
    expect(functional).not.toBeChecked();
    expect(analytics).not.toBeChecked();
    await userEvent.click(analytics);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save preferences' }));
    expect(readConsent()).toMatchObject({ functional: false, analytics: true });
  });

  it('can be reopened later with the saved choice', async () => {
    renderWithProviders(<CookieConsent />);
    await userEvent.click(screen.getByRole('button', { name: 'Accept all' }));
    act(() => openCookiePreferences());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('cookie-switch-analytics')).toBeChecked();
    await userEvent.click(within(dialog).getByTestId('cookie-switch-analytics'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save preferences' }));
    expect(hasConsent('analytics')).toBe(false);
    expect(hasConsent('functional')).toBe(true);
  });

  it('links to the cookie policy through the router', async () => {
    const navigate = vi.fn();
    renderWithProviders(
      <RoutingContext value={{ Link: (props) => <a href={props.to} {...props} />, navigate, usePathname: () => '/' }}>
        <CookieConsent />
      </RoutingContext>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Read the cookie policy' }));
    expect(navigate).toHaveBeenCalledWith(COOKIE_POLICY_PATH);
  });
});

import { describe, expect, it } from 'vitest';
import { decideAccess, isCustomerHome, requiredProfiles } from './guard';
import { loginPathFor, safeRedirect } from './navigation';

const base = { attributes: ['base'] };
const customer = { attributes: ['customer'] };

describe('decideAccess', () => {
  it('sends a signed-out user to login with the intended path as redirect', () => {
    expect(
      decideAccess({
        signedIn: false,
        user: undefined,
        required: ['customer'],
        pathname: '/customer/cash/',
        search: '?a=1',
      }),
    ).toEqual({ kind: 'login', to: '/auth/login/?redirect=%2Fcustomer%2Fcash%2F%3Fa%3D1' });
  });

  it('waits while the user is loading', () => {
    expect(
      decideAccess({ signedIn: true, user: undefined, required: ['base'], pathname: '/customer/product/' }),
    ).toEqual({
      kind: 'wait',
    });
  });

  it('lets any signed-in user through a route without profiles', () => {
    expect(decideAccess({ signedIn: true, user: base, required: undefined, pathname: '/customer/x/' }).kind).toBe(
      'allow',
    );
  });

  it('allows a user holding one of the profiles, and a superuser always', () => {
    expect(
      decideAccess({ signedIn: true, user: customer, required: ['customer', 'admin'], pathname: '/customer/cash/' })
        .kind,
    ).toBe('allow');
    expect(
      decideAccess({
        signedIn: true,
        user: { attributes: [], is_superuser: true },
        required: ['admin'],
        pathname: '/x/',
      }).kind,
    ).toBe('allow');
  });

  it('sends a user lacking the profile home, or to the landing home when already on home', () => {
    expect(decideAccess({ signedIn: true, user: base, required: ['customer'], pathname: '/customer/cash/' })).toEqual({
      kind: 'forbidden',
      to: '/customer/home/',
    });
    expect(decideAccess({ signedIn: true, user: base, required: ['lead'], pathname: '/customer/home' })).toEqual({
      kind: 'forbidden',
      to: '/home/',
    });
  });
});

describe('requiredProfiles', () => {
  it('takes the deepest route that names profiles, so children inherit them', () => {
    const matches = [{ handle: undefined }, { handle: { profiles: ['customer', 'admin'] } }, { handle: {} }];
    expect(requiredProfiles(matches)).toEqual(['customer', 'admin']);
    expect(requiredProfiles([...matches, { handle: { profiles: ['admin'] } }])).toEqual(['admin']);
    expect(requiredProfiles([{ handle: undefined }])).toBeUndefined();
  });
});

describe('redirect helpers', () => {
  it('builds the login path without a redirect back to the login page itself', () => {
    expect(loginPathFor('/auth/login/?redirect=x')).toBe('/auth/login/');
    expect(loginPathFor(null)).toBe('/auth/login/');
  });

  it('accepts only local paths as redirect targets', () => {
    expect(safeRedirect('/customer/wallet/')).toBe('/customer/wallet/');
    expect(safeRedirect('https://evil.example/')).toBe('/customer/product/');
    expect(safeRedirect('//evil.example/')).toBe('/customer/product/');
    expect(safeRedirect('/auth/logout/')).toBe('/customer/product/');
    expect(safeRedirect(null)).toBe('/customer/product/');
  });

  it('recognises the home route with or without its trailing slash', () => {
    expect(isCustomerHome('/customer/home/')).toBe(true);
    expect(isCustomerHome('/customer/home')).toBe(true);
    expect(isCustomerHome('/customer/homework/')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { hasAnyProfile, pickActiveProfile } from './permissions';

describe('hasAnyProfile (role check)', () => {
  it('allows everything when no profile is required', () => {
    expect(hasAnyProfile(null, [])).toBe(true);
    expect(hasAnyProfile(undefined, undefined)).toBe(true);
  });
  it('requires a signed-in user holding one of the profiles', () => {
    expect(hasAnyProfile(null, ['customer'])).toBe(false);
    expect(hasAnyProfile({ attributes: ['base'] }, ['customer', 'admin'])).toBe(false);
    expect(hasAnyProfile({ attributes: ['lead', 'customer'] }, ['customer', 'admin'])).toBe(true);
  });
  it('lets a superuser through every check', () => {
    expect(hasAnyProfile({ attributes: ['base'], is_superuser: true }, ['admin'])).toBe(true);
  });
});

describe('pickActiveProfile', () => {
  it('prefers the saved profile while the user still holds it', () => {
    expect(pickActiveProfile(['lead', 'customer'], 'customer')).toBe('customer');
  });
  it('falls back to the first profile otherwise', () => {
    expect(pickActiveProfile(['lead', 'customer'], 'admin')).toBe('lead');
    expect(pickActiveProfile(['lead'], null)).toBe('lead');
    expect(pickActiveProfile([], 'lead')).toBeNull();
  });
});

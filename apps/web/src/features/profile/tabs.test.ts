import { describe, expect, it } from 'vitest';
import { PROFILE_TABS, tabFromSearch, tabPath } from './tabs';

describe('profile tab routing', () => {
  it('opens the tab named by ?defaultTab=', () => {
    expect(tabFromSearch('?defaultTab=bank-account')).toBe('bank-account');
    expect(tabFromSearch(new URLSearchParams({ defaultTab: 'referral' }))).toBe('referral');
  });

  it('opens the first step for a missing or unknown tab', () => {
    expect(tabFromSearch('')).toBe('citizenship');
    expect(tabFromSearch('?defaultTab=settings')).toBe('citizenship');
  });

  it('links every tab by its own path', () => {
    expect(PROFILE_TABS.map(tabPath)).toContain('/customer/profile/phone-number/');
    expect(PROFILE_TABS).toHaveLength(9);
  });
});

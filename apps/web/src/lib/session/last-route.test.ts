import { describe, expect, it } from 'vitest';
import { lastRoute, rememberRoute } from './last-route';

describe('last route', () => {
  it('keeps the latest route of the tab', () => {
    rememberRoute('/customer/wallet/');
    rememberRoute('/customer/product/7/?tab=nav');
    expect(lastRoute()).toBe('/customer/product/7/?tab=nav');
    expect(sessionStorage.getItem('lombard_last_route')).toBe('/customer/product/7/?tab=nav');
  });
});
